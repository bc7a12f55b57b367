# expect error: NotImplementedError: 'yield' inside an expression is not supported by Rungs: a generator suspends only at a 'yield' statement or at the whole right-hand side of an assignment @3:12
def echo():
    print((yield))
