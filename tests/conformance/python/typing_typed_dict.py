# typing.TypedDict: class syntax and the functional form; instances are dicts.
from typing import TypedDict


class BlockSizes(TypedDict):
    block_q: int
    block_k: int


class Extra(BlockSizes, total=False):
    interpret: bool


b = BlockSizes(block_q=128, block_k=256)
print(b, type(b).__name__, b["block_q"], isinstance(b, dict))
e = Extra(block_q=8, block_k=16)
e["interpret"] = True
print(e, sorted(Extra.__required_keys__), sorted(Extra.__optional_keys__), Extra.__total__)
print(list(Extra.__annotations__))
Point = TypedDict("Point", {"x": int, "y": int})
p = Point(x=1, y=2)
print(p, Point.__name__, sorted(Point.__required_keys__))
print(BlockSizes.__name__, BlockSizes.__total__)
# expect: {'block_q': 128, 'block_k': 256} dict 128 True
# expect: {'block_q': 8, 'block_k': 16, 'interpret': True} ['block_k', 'block_q'] ['interpret'] False
# expect: ['block_q', 'block_k', 'interpret']
# expect: {'x': 1, 'y': 2} Point ['x', 'y']
# expect: BlockSizes True
