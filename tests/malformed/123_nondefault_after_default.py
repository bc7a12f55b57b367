# expect error: SyntaxError: non-default argument follows default argument @2:12
def f(a=1, b):
    pass
