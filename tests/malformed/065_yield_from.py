# expect error: NotImplementedError: 'yield' (generator functions) is not supported by Rungs @3:5
def gen():
    yield from range(3)
