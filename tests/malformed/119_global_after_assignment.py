# expect error: SyntaxError: name 'x' is assigned to before global declaration @4:5
def f():
    x = 1
    global x
