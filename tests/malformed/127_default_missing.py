# expect error: SyntaxError: expected default value expression @2:8
def f(a=):
    pass
