# expect error: SyntaxError: expected ':' @2:9
def f(x)
    return x
