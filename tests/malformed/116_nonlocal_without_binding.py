# expect error: SyntaxError: no binding for nonlocal 'x' found @3:5
def f():
    nonlocal x
