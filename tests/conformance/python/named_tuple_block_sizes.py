# typing.NamedTuple as a kernel's block-size config: CPython 3.11's output.
from typing import NamedTuple


class BlockSizes(NamedTuple):
    block_q: int
    block_kv: int = 128
    block_d: int = 128

    @property
    def tile_elems(self):
        return self.block_q * self.block_kv

    def halved(self):
        return self._replace(block_q=self.block_q // 2)


bs = BlockSizes(256)
print(bs)  # expect: BlockSizes(block_q=256, block_kv=128, block_d=128)
print(bs._fields, bs._field_defaults)  # expect: ('block_q', 'block_kv', 'block_d') {'block_kv': 128, 'block_d': 128}
print(bs.block_q, bs[1], bs[-1], len(bs), bs.tile_elems)  # expect: 256 128 128 3 32768
q, kv, d = bs
print(q + kv + d, bs == (256, 128, 128), bs != (1, 2, 3))  # expect: 512 True True
print(bs.halved(), bs._asdict())  # expect: BlockSizes(block_q=128, block_kv=128, block_d=128) {'block_q': 256, 'block_kv': 128, 'block_d': 128}
print(BlockSizes._make([64, 32, 16]), BlockSizes(block_kv=64, block_q=8))  # expect: BlockSizes(block_q=64, block_kv=32, block_d=16) BlockSizes(block_q=8, block_kv=64, block_d=128)
print(type(bs).__name__, isinstance(bs, tuple), isinstance(bs, BlockSizes))  # expect: BlockSizes True True
print(BlockSizes.__mro__)  # expect: (<class '__main__.BlockSizes'>, <class 'tuple'>, <class 'object'>)
print(sorted([BlockSizes(512), BlockSizes(128, 8)]))  # expect: [BlockSizes(block_q=128, block_kv=8, block_d=128), BlockSizes(block_q=512, block_kv=128, block_d=128)]
print(max(bs), sum(bs), list(bs), tuple(bs), bs[:2], bs + (1,))  # expect: 256 512 [256, 128, 128] (256, 128, 128) (256, 128) (256, 128, 128, 1)
table = {BlockSizes(128): "small", BlockSizes(1024): "large"}
print(table[(128, 128, 128)], BlockSizes(1024) in table)  # expect: small True
print(repr(bs) == str(bs), f"{bs.block_q}x{bs.block_kv}")  # expect: True 256x128
sweep = [BlockSizes(bq, bk) for bq in (128, 256) for bk in (128, 512) if bq <= bk]
print(len(sweep), sweep[-1])  # expect: 3 BlockSizes(block_q=256, block_kv=512, block_d=128)
