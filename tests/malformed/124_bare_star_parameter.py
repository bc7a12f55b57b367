# expect error: SyntaxError: named arguments must follow bare * @2:7
def f(*):
    pass
