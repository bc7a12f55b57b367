# Misusing classes: CPython 3.11's error texts.
class P:
    def __init__(self, x):
        self.x = x

    @property
    def double(self):
        return 2 * self.x

    def get(self):
        return self.x


class Empty:
    pass


class Bad:
    def __init__(self):
        return 1


class E1(Exception):
    pass


def show(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__ + ":", e)


show(lambda: P())
show(lambda: P(1, 2))
show(lambda: P(1).y)
show(lambda: P.y)
show(lambda: setattr(P(1), "double", 3))
show(lambda: Empty(1))
show(lambda: Bad())
show(lambda: P(1).get(2))
show(lambda: len(P(1)))
show(lambda: P(1)[0])
show(lambda: P(1) + 1)
show(lambda: P(1) < P(2))
show(lambda: iter(P(1)))
show(lambda: P(1)())
show(lambda: issubclass(P(1), P))
show(lambda: super(P, 1))
# expect: TypeError: P.__init__() missing 1 required positional argument: 'x'
# expect: TypeError: P.__init__() takes 2 positional arguments but 3 were given
# expect: AttributeError: 'P' object has no attribute 'y'
# expect: AttributeError: type object 'P' has no attribute 'y'
# expect: AttributeError: property 'double' of 'P' object has no setter
# expect: TypeError: Empty() takes no arguments
# expect: TypeError: __init__() should return None, not 'int'
# expect: TypeError: P.get() takes 1 positional argument but 2 were given
# expect: TypeError: object of type 'P' has no len()
# expect: TypeError: 'P' object is not subscriptable
# expect: TypeError: unsupported operand type(s) for +: 'P' and 'int'
# expect: TypeError: '<' not supported between instances of 'P' and 'P'
# expect: TypeError: 'P' object is not iterable
# expect: TypeError: 'P' object is not callable
# expect: TypeError: issubclass() arg 1 must be a class
# expect: TypeError: super(type, obj): obj must be an instance or subtype of type
