# expect error: SyntaxError: positional argument follows keyword argument unpacking @2:10
f(**kw, y)
