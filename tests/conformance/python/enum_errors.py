# Misusing enums: CPython 3.11's errors.
from enum import Enum, unique


class Color(Enum):
    RED = 1
    GREEN = 2


problems = []
for attempt in ("value", "name", "missing"):
    try:
        if attempt == "value":
            Color(5)
        elif attempt == "name":
            Color["BLUE"]
        else:
            Color()
    except (ValueError, KeyError, TypeError) as e:
        problems.append(f"{type(e).__name__}: {e}")
print(problems)  # expect: ['ValueError: 5 is not a valid Color', "KeyError: 'BLUE'", "TypeError: EnumType.__call__() missing 1 required positional argument: 'value'"]
try:
    @unique
    class Twice(Enum):
        A = 1
        B = 1
except ValueError as e:
    print(e)  # expect: duplicate values found in <enum 'Twice'>: B -> A
try:
    class More(Color):
        BLUE = 3
except TypeError as e:
    print(e)  # expect: <enum 'More'> cannot extend <enum 'Color'>
try:
    Color.GREEN = 7
except AttributeError as e:
    print(e)  # expect: cannot reassign member 'GREEN'
try:
    del Color.GREEN
except AttributeError as e:
    print(e)  # expect: 'Color' cannot delete member 'GREEN'.
print(Color.GREEN.value)  # expect: 2
Color.RED = 3  # expect error: AttributeError: cannot reassign member 'RED'
