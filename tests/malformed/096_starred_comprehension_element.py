# expect error: SyntaxError: iterable unpacking cannot be used in comprehension @2:7
ys = [*x for x in xs]
