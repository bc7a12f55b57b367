# expect error: SyntaxError: cannot assign to function call @2:9
x = y = f() = 1
