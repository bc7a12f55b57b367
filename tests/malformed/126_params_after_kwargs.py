# expect error: SyntaxError: arguments cannot follow var-keyword argument @2:13
def f(**kw, a):
    pass
