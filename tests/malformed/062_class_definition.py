# expect error: NotImplementedError: metaclasses are not supported by Rungs @2:14
class Kernel(metaclass=type):
    pass
