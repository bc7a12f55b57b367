# Two distinct lists that each contain themselves never finish comparing:
# RecursionError with CPython's text, not a native stack overflow.
a = []
a.append(a)
b = []
b.append(b)
print(a == b)  # expect error: RecursionError: maximum recursion depth exceeded in comparison
