# An OrderedDict used as a small LRU of compiled kernels.
from collections import OrderedDict

cache = OrderedDict()
for key in ["a", "b", "c"]:
    cache[key] = key.upper()
cache.move_to_end("a")
print(cache, list(cache))  # expect: OrderedDict([('b', 'B'), ('c', 'C'), ('a', 'A')]) ['b', 'c', 'a']
cache.move_to_end("c", last=False)
print(list(cache.items()))  # expect: [('c', 'C'), ('b', 'B'), ('a', 'A')]
print(cache.popitem(), cache.popitem(last=False), cache)  # expect: ('a', 'A') ('c', 'C') OrderedDict([('b', 'B')])
print(OrderedDict(x=1) == {"x": 1}, OrderedDict(), len(OrderedDict([("k", 1)])))  # expect: True OrderedDict() 1
try:
    OrderedDict().popitem()
except KeyError as e:
    print("KeyError:", e)  # expect: KeyError: 'dictionary is empty'
