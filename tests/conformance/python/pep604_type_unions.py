# PEP 604 unions as kernel libraries write them outside annotations: type
# aliases for tile functions and lookup tables, and isinstance checks on
# optional block-size arguments.
from typing import Callable, Optional
import dataclasses

TileSizes = tuple[int, int, int]
LookupFn = Callable[[int, int], TileSizes | None]
MaybeInt = int | None
print(LookupFn)  # expect: typing.Callable[[int, int], tuple[int, int, int] | None]
print(MaybeInt, type(MaybeInt).__name__)  # expect: int | None UnionType
print(MaybeInt.__args__)  # expect: (<class 'int'>, <class 'NoneType'>)


@dataclasses.dataclass(frozen=True)
class BlockConfig:
    block_q: int = 128
    block_k: int | None = None


def resolve(cfg: BlockConfig | None, seq_len: int) -> BlockConfig:
    if cfg is None:
        return BlockConfig(block_q=min(128, seq_len))
    return cfg


print(resolve(None, 64))  # expect: BlockConfig(block_q=64, block_k=None)
print(BlockConfig | None, None | BlockConfig)  # expect: __main__.BlockConfig | None None | __main__.BlockConfig

for value in (256, None, "256", 2.5):
    print(repr(value), isinstance(value, int | None), isinstance(value, str | float))
# expect: 256 True False
# expect: None True False
# expect: '256' False True
# expect: 2.5 False True
print(int | str | int, (int | str) == (str | int), (int | None) == (int | str))  # expect: int | str True False
print(isinstance(True, MaybeInt), isinstance(BlockConfig(), BlockConfig | int))  # expect: True True
print("int" | None)  # expect error: TypeError: unsupported operand type(s) for |: 'str' and 'NoneType'
