# expect error: SyntaxError: '(' was never closed @2:6
x = f(1,
y = 2 3
