# expect error: SyntaxError: '(' was never closed @2:5
x = (1, 2
y = 3
