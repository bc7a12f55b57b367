# expect error: NotImplementedError: 'yield' inside a for statement's header is not supported by Rungs @3:15
def acc():
    for x in (yield):
        pass
