# expect error: AttributeError: 'P' object has no attribute 'z' @5:1
class P:
    __slots__ = ('x',)
p = P()
p.z = 1
