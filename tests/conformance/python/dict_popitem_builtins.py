# Config plumbing: popitem drains a dict last-in first-out; fromkeys works
# on an instance too; the builtins module holds the built-in names.
import builtins

pending = {"q": 128, "k": 256, "v": 512}
while pending:
    print(pending.popitem(), len(pending))
# expect: ('v', 512) 2
# expect: ('k', 256) 1
# expect: ('q', 128) 0
try:
    pending.popitem()
except KeyError as e:
    print("KeyError:", e)
# expect: KeyError: 'popitem(): dictionary is empty'
print({}.fromkeys(["bm", "bk"], 8), builtins.len([1, 2]), builtins.int is int, getattr(builtins, "max")(3, 4))
# expect: {'bm': 8, 'bk': 8} 2 True 4
print(isinstance(3, builtins.int), builtins.ValueError is ValueError, ascii("μ=0.1 → 1"), ascii([1, "é"]))
# expect: True True '\u03bc=0.1 \u2192 1' [1, '\xe9']
