# Frozen dataclasses with __post_init__ checks: CPython 3.11's output.
import dataclasses


@dataclasses.dataclass(frozen=True)
class BlockSizes:
    block_q: int = 128
    block_k: int = 128
    backward: bool = dataclasses.field(default=False, compare=False)

    def __post_init__(self):
        if self.block_q % 8:
            raise ValueError(f"block_q={self.block_q} must be a multiple of 8")

    @classmethod
    def for_seq_len(cls, n):
        return cls(block_q=min(n, 512), block_k=min(n, 1024))

    @property
    def elems(self):
        return self.block_q * self.block_k


b = BlockSizes.for_seq_len(256)
print(b, b.elems)  # expect: BlockSizes(block_q=256, block_k=256, backward=False) 65536
print(hash(b) == hash(BlockSizes(256, 256)), b == BlockSizes(256, 256, True))  # expect: True True
try:
    b.block_q = 64
except dataclasses.FrozenInstanceError as e:
    print(type(e).__name__, e, isinstance(e, AttributeError))  # expect: FrozenInstanceError cannot assign to field 'block_q' True
try:
    BlockSizes(12)
except ValueError as e:
    print(e)  # expect: block_q=12 must be a multiple of 8
print(dataclasses.replace(b, block_k=64), b.block_k)  # expect: BlockSizes(block_q=256, block_k=64, backward=False) 256
seen = {b, BlockSizes(256, 256), BlockSizes()}
print(len(seen))  # expect: 2
b.extra = 1  # expect error: FrozenInstanceError: cannot assign to field 'extra'
