# An Enum of kernel variants, chosen by name or value from a config.
from enum import Enum, auto, unique


class Variant(Enum):
    NAIVE = 1
    TILED = 2
    PIPELINED = 3

    def describe(self):
        return f"{self.name.lower()} kernel #{self.value}"


print(Variant.TILED, repr(Variant.TILED), Variant.TILED.name, Variant.TILED.value)  # expect: Variant.TILED <Variant.TILED: 2> TILED 2
print(Variant(3), Variant["NAIVE"], Variant(2) is Variant.TILED)  # expect: Variant.PIPELINED Variant.NAIVE True
print(list(Variant), len(Variant), Variant.PIPELINED in Variant)  # expect: [<Variant.NAIVE: 1>, <Variant.TILED: 2>, <Variant.PIPELINED: 3>] 3 True
print([v.name for v in Variant], [v.value for v in reversed(Variant)])  # expect: ['NAIVE', 'TILED', 'PIPELINED'] [3, 2, 1]
print(Variant.NAIVE.describe(), type(Variant.NAIVE).__name__, isinstance(Variant.NAIVE, Variant))  # expect: naive kernel #1 Variant True
print(Variant.NAIVE == Variant.NAIVE, Variant.NAIVE == 1, Variant.NAIVE != Variant.TILED)  # expect: True False True
timings = {Variant.NAIVE: 9.5, Variant.TILED: 2.1}
print(timings[Variant.TILED], sorted(timings, key=lambda v: v.value))  # expect: 2.1 [<Variant.NAIVE: 1>, <Variant.TILED: 2>]
print(Variant.__members__)  # expect: {'NAIVE': <Variant.NAIVE: 1>, 'TILED': <Variant.TILED: 2>, 'PIPELINED': <Variant.PIPELINED: 3>}
print(Variant, repr(Variant), f"{Variant.TILED}", "%s" % Variant.NAIVE)  # expect: <enum 'Variant'> <enum 'Variant'> Variant.TILED Variant.NAIVE


class Stage(Enum):
    LOAD = auto()
    COMPUTE = auto()
    STORE = auto()


print(list(Stage), Stage.STORE.value)  # expect: [<Stage.LOAD: 1>, <Stage.COMPUTE: 2>, <Stage.STORE: 3>] 3


class Mode(Enum):
    FAST = "fast"
    SAFE = "safe"
    QUICK = "fast"


print(Mode.QUICK, Mode.QUICK is Mode.FAST, list(Mode), list(Mode.__members__))  # expect: Mode.FAST True [<Mode.FAST: 'fast'>, <Mode.SAFE: 'safe'>] ['FAST', 'SAFE', 'QUICK']
print(Mode("safe"), Mode["QUICK"].name)  # expect: Mode.SAFE FAST


@unique
class Dim(Enum):
    ROWS = 0
    COLS = 1


print(Dim.COLS, hash(Dim.ROWS) == hash(Dim.ROWS), {Dim.ROWS: "r"}[Dim.ROWS])  # expect: Dim.COLS True r
