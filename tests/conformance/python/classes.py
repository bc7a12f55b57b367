# Python classes: compared with CPython 3.11's output.
class Point:
    """A 2-D point."""
    dims = 2

    def __init__(self, x, y=0):
        self.x = x
        self.y = y

    def norm2(self):
        return self.x * self.x + self.y * self.y

    def moved(self, dx):
        return Point(self.x + dx, self.y)


p = Point(3, 4)
print(p.x, p.y, p.norm2(), Point.dims, p.dims)
q = p.moved(1)
print(q.x, q.y, type(q).__name__, type(q) is Point)
p.dims = 3
print(p.dims, Point.dims)
Point.dims = 5
print(Point(0).dims, p.dims)
m = p.norm2
print(m(), m.__self__ is p, m.__func__ is Point.norm2, Point.norm2(p))
print(Point.__name__, Point.__qualname__, Point.moved.__qualname__)
print(sorted(k for k in vars(p)), p.__dict__)


class Config:
    block_m = 128
    block_n = 256

    @staticmethod
    def describe(a, b):
        return f"{a}x{b}"

    @classmethod
    def square(cls, n):
        c = cls()
        c.block_m = c.block_n = n
        return c

    @property
    def tile(self):
        return (self.block_m, self.block_n)

    @property
    def area(self):
        return self._area if hasattr(self, "_area") else self.block_m * self.block_n

    @area.setter
    def area(self, v):
        self._area = v


c = Config()
print(c.tile, Config.describe(1, 2), c.describe(3, 4))
s = Config.square(64)
print(s.tile, type(s).__name__, isinstance(s, Config))
print(c.area)
c.area = 7
print(c.area)


class Animal:
    sound = "..."

    def __init__(self, name):
        self.name = name

    def speak(self):
        return f"{self.name} says {self.sound}"

    def kind(self):
        return "animal"


class Dog(Animal):
    sound = "woof"

    def __init__(self, name, tricks=()):
        super().__init__(name)
        self.tricks = list(tricks)

    def kind(self):
        return "dog, an " + super().kind()


d = Dog("rex", ["sit"])
print(d.speak(), d.kind(), d.tricks)
print(isinstance(d, Dog), isinstance(d, Animal), isinstance(d, object), isinstance(d, int))
print(issubclass(Dog, Animal), issubclass(Animal, Dog), issubclass(Dog, (int, Animal)), issubclass(Dog, object))
print([k.__name__ for k in Dog.__mro__], Dog.__bases__ == (Animal,))


class A:
    def who(self):
        return ["A"]


class B(A):
    def who(self):
        return ["B"] + super().who()


class C(A):
    def who(self):
        return ["C"] + super().who()


class D(B, C):
    def who(self):
        return ["D"] + super().who()


print(D().who(), [k.__name__ for k in D.__mro__])
print(super(B, D()).who())


def make_counter_class(start):
    class Counter:
        def __init__(self):
            self.n = start

        def bump(self):
            self.n += 1
            return self

    return Counter


K = make_counter_class(10)
print(K().bump().bump().n, K.__qualname__)


def register(cls):
    cls.registered = True
    return cls


@register
class Plugin:
    pass


print(Plugin.registered, Plugin().registered)


class Scope:
    x = 1
    y = x + 1
    names = [i * 2 for i in range(2)]

    def get(self):
        return x


x = "global"
print(Scope.y, Scope().get())


class Node:
    def __init__(self):
        self.me = self


n = Node()
print(n.me is n)
# expect: 3 4 25 2 2
# expect: 4 4 Point True
# expect: 3 2
# expect: 5 3
# expect: 25 True True 25
# expect: Point Point Point.moved
# expect: ['dims', 'x', 'y'] {'x': 3, 'y': 4, 'dims': 3}
# expect: (128, 256) 1x2 3x4
# expect: (64, 64) Config True
# expect: 32768
# expect: 7
# expect: rex says woof dog, an animal ['sit']
# expect: True True True False
# expect: True False True True
# expect: ['Dog', 'Animal', 'object'] True
# expect: ['D', 'B', 'C', 'A'] ['D', 'B', 'C', 'A', 'object']
# expect: ['C', 'A']
# expect: 12 make_counter_class.<locals>.Counter
# expect: True True
# expect: 2 global
# expect: True
