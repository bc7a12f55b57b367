# dict.fromkeys over sets and other iterables: keys follow the iteration order.
layers = dict.fromkeys({40, 8, 24, 16})
print(layers, list(layers))
counts = dict.fromkeys(range(4), 0)
for i in [1, 3, 3, 0]:
    counts[i] += 1
print(counts, dict.fromkeys("qkv", "bf16"), dict.fromkeys([]))
shared = dict.fromkeys(["a", "b"], [])
shared["a"].append(1)
print(shared)
# expect: {40: None, 8: None, 24: None, 16: None} [40, 8, 24, 16]
# expect: {0: 1, 1: 1, 2: 0, 3: 2} {'q': 'bf16', 'k': 'bf16', 'v': 'bf16'} {}
# expect: {'a': [1], 'b': [1]}
