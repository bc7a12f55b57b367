# expect error: SyntaxError: cannot assign to literal @2:17
with open(p) as 1:
    pass
