# expect error: NotImplementedError: 'yield' inside an if condition is not supported by Rungs @3:9
def echo():
    if (yield):
        pass
