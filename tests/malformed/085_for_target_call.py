# expect error: SyntaxError: cannot assign to function call @2:5
for f() in range(3):
    pass
