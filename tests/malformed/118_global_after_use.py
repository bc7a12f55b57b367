# expect error: SyntaxError: name 'x' is used prior to global declaration @4:5
def f():
    print(x)
    global x
