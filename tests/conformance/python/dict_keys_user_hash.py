# Dict and set keys of classes with their own __hash__ and __eq__, as a
# kernel cache keys compiled variants by a config object.
import dataclasses
import functools


class BlockConfig:
    def __init__(self, block_q, block_kv):
        self.block_q = block_q
        self.block_kv = block_kv

    def __eq__(self, other):
        if not isinstance(other, BlockConfig):
            return NotImplemented
        return (self.block_q, self.block_kv) == (other.block_q, other.block_kv)

    def __hash__(self):
        return hash((self.block_q, self.block_kv))

    def __repr__(self):
        return f"BlockConfig({self.block_q}, {self.block_kv})"


compiled = {}
for bq, bkv in [(128, 256), (256, 256), (128, 256)]:
    compiled.setdefault(BlockConfig(bq, bkv), len(compiled))
print(compiled)
# expect: {BlockConfig(128, 256): 0, BlockConfig(256, 256): 1}
print(BlockConfig(256, 256) in compiled, BlockConfig(256, 128) in compiled, compiled[BlockConfig(128, 256)])
# expect: True False 0
print(len({BlockConfig(8, 8), BlockConfig(8, 8), (BlockConfig(8, 8), 1)}))
# expect: 2


class Bucketed:
    # Every instance collides: lookups fall back to __eq__.
    def __init__(self, n):
        self.n = n

    def __hash__(self):
        return 42

    def __eq__(self, other):
        return self.n == other.n


seen = set()
for n in [3, 1, 3, 2, 1]:
    seen.add(Bucketed(n))
print(sorted(b.n for b in seen), Bucketed(2) in seen, Bucketed(5) in seen)
# expect: [1, 2, 3] True False


@functools.lru_cache(maxsize=None)
def plan(config):
    print("planning", config)
    return config.block_q * config.block_kv


print(plan(BlockConfig(2, 3)), plan(BlockConfig(2, 3)))
# expect: planning BlockConfig(2, 3)
# expect: 6 6


@dataclasses.dataclass(frozen=True)
class MaskSpec:
    kind: str
    window: int = 0


print({MaskSpec("causal"): 1, MaskSpec("local", 64): 2}[MaskSpec("local", 64)])
# expect: 2


class Comparable:
    def __eq__(self, other):
        return True


class Rehashed(BlockConfig):
    def __eq__(self, other):
        return self is other


try:
    {Comparable(): 1}
except TypeError as e:
    print(e)
# expect: unhashable type: 'Comparable'
try:
    hash(Rehashed(1, 1))
except TypeError as e:
    print(e)
# expect: unhashable type: 'Rehashed'


class Faulty:
    def __hash__(self):
        raise ValueError("mask has no stable hash")  # expect error: ValueError: mask has no stable hash


try:
    {Faulty(): 0}
except ValueError as e:
    print("ValueError:", e)
# expect: ValueError: mask has no stable hash
{1, Faulty()}  # raises in Faulty.__hash__
