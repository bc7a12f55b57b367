# expect error: SyntaxError: no binding for nonlocal 'x' found @6:9
x = 1
def f():
    global x
    def g():
        nonlocal x
