# Misusing dataclasses: CPython 3.11's error texts.
import dataclasses


@dataclasses.dataclass
class Spec:
    shape: tuple
    dtype: str = "float32"
    note: str = dataclasses.field(default="", init=False)


problems = []
for attempt in ("missing", "extra", "keyword", "hash", "replace", "fields", "asdict", "both"):
    try:
        if attempt == "missing":
            Spec()
        elif attempt == "extra":
            Spec((1,), "f32", "x")
        elif attempt == "keyword":
            Spec((1,), layout="row")
        elif attempt == "hash":
            hash(Spec((1,)))
        elif attempt == "replace":
            dataclasses.replace(Spec((1,)), note="n")
        elif attempt == "fields":
            dataclasses.fields(Spec((1,)).shape)
        elif attempt == "asdict":
            dataclasses.asdict(Spec)
        else:
            dataclasses.field(default=1, default_factory=list)
    except (TypeError, ValueError) as e:
        problems.append(f"{type(e).__name__}: {e}")
print(problems[0])  # expect: TypeError: Spec.__init__() missing 1 required positional argument: 'shape'
print(problems[1])  # expect: TypeError: Spec.__init__() takes from 2 to 3 positional arguments but 4 were given
print(problems[2])  # expect: TypeError: Spec.__init__() got an unexpected keyword argument 'layout'
print(problems[3])  # expect: TypeError: unhashable type: 'Spec'
print(problems[4])  # expect: ValueError: field note is declared with init=False, it cannot be specified with replace()
print(problems[5])  # expect: TypeError: must be called with a dataclass type or instance
print(problems[6])  # expect: TypeError: asdict() should be called on dataclass instances
print(problems[7])  # expect: ValueError: cannot specify both default and default_factory
try:
    @dataclasses.dataclass
    class Mutable:
        sizes: list = []
except ValueError as e:
    print(e)  # expect: mutable default <class 'list'> for field sizes is not allowed: use default_factory
try:
    @dataclasses.dataclass
    class Order:
        a: int = 0
        b: int
except TypeError as e:
    print(e)  # expect: non-default argument 'b' follows default argument
try:
    @dataclasses.dataclass(frozen=True)
    class FrozenChild(Spec):
        extra: int = 0
except TypeError as e:
    print(e)  # expect: cannot inherit frozen dataclass from a non-frozen one
{Spec((2,)): 1}  # expect error: TypeError: unhashable type: 'Spec'
