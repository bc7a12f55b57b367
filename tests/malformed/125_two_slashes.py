# expect error: SyntaxError: / may appear only once @2:16
def f(a, /, b, /):
    pass
