# expect error: SyntaxError: positional argument follows keyword argument @2:9
f(x=1, y)
