# expect error: SyntaxError: duplicate argument 'a' in function definition @2:13
def f(a, b, a):
    pass
