# expect error: SyntaxError: cannot assign to literal @2:13
ys = [x for 1 in xs]
