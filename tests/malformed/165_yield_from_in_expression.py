# expect error: NotImplementedError: 'yield from' inside an expression is not supported by Rungs: a generator suspends only at a 'yield' statement or at the whole right-hand side of an assignment @3:17
def total():
    return 1 + (yield from range(3))
