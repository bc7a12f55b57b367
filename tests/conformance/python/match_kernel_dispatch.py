# match statements as kernel files use them: dispatching on an activation
# name, on a generation number with or-patterns, on enum members (value
# patterns), on shapes (sequence patterns with a star), on config dicts
# (mapping patterns), on NamedTuple/dataclass configs (class patterns), with
# guards, as-patterns and captures that stay bound after the match.
import dataclasses
import enum
from typing import NamedTuple


def activation(name, x):
    match name:
        case "silu":
            return x / (1 + 2.718281828 ** -x)
        case "gelu" | "gelu_tanh":
            return 0.5 * x
        case "relu":
            return max(x, 0.0)
        case _:
            raise ValueError(f"unsupported activation {name!r}")


print(round(activation("silu", 1.0), 4), activation("gelu_tanh", 3.0), activation("relu", -2.0))


def vmem_limit(generation):
    match generation:
        case 4:
            return 16
        case 5 | 6:
            return 32
        case 7 | 8:
            return 64
        case -1:
            return 0
    return None


print([vmem_limit(g) for g in (4, 5, 6, 7, 9, -1)])


class RpaCase(enum.Enum):
    DECODE = 0
    PREFILL = 1
    MIXED = 2


def blocks_for(case):
    match case:
        case RpaCase.DECODE:
            return (1, 128)
        case RpaCase.PREFILL | RpaCase.MIXED:
            return (128, 128)


print(blocks_for(RpaCase.DECODE), blocks_for(RpaCase.MIXED))


def describe(shape):
    match shape:
        case ():
            return "scalar"
        case (n,):
            return f"vector of {n}"
        case [rows, 128 as lanes]:
            return f"{rows} rows of {lanes} lanes"
        case (1, *rest):
            return f"leading 1 then {rest}"
        case (*batch, m, n) if m % 8 == 0:
            return f"batch {batch} of {m}x{n} tiles"
        case _:
            return "other"


for s in [(), (7,), (16, 128), [4, 128], (1, 2, 3), (2, 3, 16, 256), (3, 5), "ab", range(3)]:
    print(s, "->", describe(s))


def parse(cfg):
    match cfg:
        case {"kind": "matmul", "block": (bm, bn), **rest}:
            return ("matmul", bm, bn, rest)
        case {"kind": "attention", "heads": int(h)} if h > 0:
            return ("attention", h)
        case {"kind": str(other)}:
            return ("unknown", other)
        case _:
            return None


print(parse({"kind": "matmul", "block": (128, 256), "dtype": "bf16"}))
print(parse({"kind": "attention", "heads": 8}), parse({"kind": "attention", "heads": 0}))
print(parse({"kind": "scan"}), parse({"kind": 3}), parse([1]))


class Tiling(NamedTuple):
    bm: int
    bn: int = 128


@dataclasses.dataclass
class Quant:
    bits: int
    symmetric: bool = True


class Plain:
    def __init__(self, mode):
        self.mode = mode


def plan(obj):
    match obj:
        case Tiling(bm, 128):
            return f"lane-dense tiling bm={bm}"
        case Tiling(bm=b, bn=n):
            return f"tiling {b}x{n}"
        case Quant(8, symmetric=True):
            return "int8 symmetric"
        case Quant(bits=b) if b < 8:
            return f"int{b}"
        case Plain(mode="fast") as p:
            return f"plain fast {type(p).__name__}"
        case int() | float():
            return "number"
        case bool(flag):
            return f"flag {flag}"
        case str(text):
            return f"text {text}"
        case None:
            return "nothing"
        case _:
            return "other"


for o in [Tiling(64), Tiling(64, 256), Quant(8), Quant(4), Quant(8, False), Plain("fast"), Plain("slow"), 3, 2.5, "x", None, [1]]:
    print(plan(o))
print(plan(True))

match (3, 4):
    case (x, y) if x > y:
        print("no")
    case (x, y):
        print("bound", x, y)
print(x, y)
point = {"x": 1}
match point:
    case {"x": 1 | 2 as first}:
        print("first", first)
mode = "fast"
match mode:
    case "slow":
        print("slow")
print("after", mode)
match = {"case": 1}
print(match["case"])
match Tiling(8, 256):
    case Tiling(1, 2, 3):  # expect error: TypeError: Tiling() accepts 2 positional sub-patterns (3 given)
        pass
# expect: 0.7311 1.5 0.0
# expect: [16, 32, 32, 64, None, 0]
# expect: (1, 128) (128, 128)
# expect: () -> scalar
# expect: (7,) -> vector of 7
# expect: (16, 128) -> 16 rows of 128 lanes
# expect: [4, 128] -> 4 rows of 128 lanes
# expect: (1, 2, 3) -> leading 1 then [2, 3]
# expect: (2, 3, 16, 256) -> batch [2, 3] of 16x256 tiles
# expect: (3, 5) -> other
# expect: ab -> other
# expect: range(0, 3) -> other
# expect: ('matmul', 128, 256, {'dtype': 'bf16'})
# expect: ('attention', 8) ('unknown', 'attention')
# expect: ('unknown', 'scan') None None
# expect: lane-dense tiling bm=64
# expect: tiling 64x256
# expect: int8 symmetric
# expect: int4
# expect: other
# expect: plain fast Plain
# expect: other
# expect: number
# expect: number
# expect: text x
# expect: nothing
# expect: other
# expect: number
# expect: bound 3 4
# expect: 3 4
# expect: first 1
# expect: after fast
# expect: 1
