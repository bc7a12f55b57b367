# expect error: NotImplementedError: class definitions are not supported by Rungs @2:1
class Empty():
    pass
