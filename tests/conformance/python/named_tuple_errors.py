# Misusing named tuples: CPython 3.11's error texts.
from typing import NamedTuple
import collections


class Tile(NamedTuple):
    rows: int
    cols: int = 128


t = Tile(8)
problems = []
for attempt in ("set", "replace", "missing", "extra", "twice", "attr"):
    try:
        if attempt == "set":
            t.rows = 16
        elif attempt == "replace":
            t._replace(depth=2)
        elif attempt == "missing":
            Tile()
        elif attempt == "extra":
            Tile(1, 2, 3)
        elif attempt == "twice":
            Tile(1, rows=2)
        else:
            t.depth
    except (AttributeError, ValueError, TypeError) as e:
        problems.append(f"{type(e).__name__}: {e}")
print(problems[0])  # expect: AttributeError: can't set attribute
print(problems[1])  # expect: ValueError: Got unexpected field names: ['depth']
print(problems[2])  # expect: TypeError: Tile.__new__() missing 1 required positional argument: 'rows'
print(problems[3])  # expect: TypeError: Tile.__new__() takes from 2 to 3 positional arguments but 4 were given
print(problems[4])  # expect: TypeError: Tile.__new__() got multiple values for argument 'rows'
print(problems[5])  # expect: AttributeError: 'Tile' object has no attribute 'depth'
try:
    class Bad(NamedTuple):
        a: int = 0
        b: int
except TypeError as e:
    print(e)  # expect: Non-default namedtuple field b cannot follow default field a
try:
    class Hidden(NamedTuple):
        _x: int
except ValueError as e:
    print(e)  # expect: Field names cannot start with an underscore: '_x'
try:
    collections.namedtuple("P", ["x", "x"])
except ValueError as e:
    print(e)  # expect: Encountered duplicate field name: 'x'
try:
    collections.namedtuple("P", ["x", "2y"])
except ValueError as e:
    print(e)  # expect: Type names and field names must be valid identifiers: '2y'
try:
    Tile._make([1, 2, 3])
except TypeError as e:
    print(e)  # expect: Expected 2 arguments, got 3
t[0] = 3  # expect error: TypeError: 'Tile' object does not support item assignment
