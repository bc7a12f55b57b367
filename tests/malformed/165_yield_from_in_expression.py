# expect error: NotImplementedError: 'yield from' inside an expression is not supported by Rungs @3:17
def total():
    return 1 + (yield from range(3))
