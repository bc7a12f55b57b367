# expect error: SyntaxError: '(' was never closed @2:6
print(f(x)
