# Misusing __slots__: CPython 3.11's error texts.
def show(f):
    try:
        f()
    except Exception as e:
        print(f"{type(e).__name__}: {e}")


class Point:
    __slots__ = ("x", "y")


p = Point()
p.x = 1
show(lambda: p.y)
show(lambda: setattr(p, "z", 3))
show(lambda: vars(p))
show(lambda: delattr(p, "y"))


def make_conflict():
    class Conflict:
        __slots__ = ("x",)
        x = 0


show(make_conflict)


def make_bad():
    class Bad:
        __slots__ = ("x", 3)


show(make_bad)
p.z = 3  # expect error: AttributeError: 'Point' object has no attribute 'z'
# expect: AttributeError: 'Point' object has no attribute 'y'
# expect: AttributeError: 'Point' object has no attribute 'z'
# expect: TypeError: vars() argument must have __dict__ attribute
# expect: AttributeError: y
# expect: ValueError: 'x' in __slots__ conflicts with class variable
# expect: TypeError: __slots__ items must be strings, not 'int'
