# expect error: ValueError: 'x' in __slots__ conflicts with class variable @2:1
class P:
    __slots__ = ('x',)
    x = 0
