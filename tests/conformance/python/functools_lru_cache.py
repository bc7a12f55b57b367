# Caching a block-size chooser, as kernel wrappers do per shape.
import functools

calls = []


@functools.lru_cache(maxsize=2)
def pick_block(rows, cols):
    calls.append((rows, cols))
    return (min(rows, 128), min(cols, 256))


print(pick_block(512, 512), pick_block(512, 512), pick_block(64, 1024))  # expect: (128, 256) (128, 256) (64, 256)
print(pick_block.cache_info())  # expect: CacheInfo(hits=1, misses=2, maxsize=2, currsize=2)
pick_block(8, 8)
pick_block(512, 512)
print(calls)  # expect: [(512, 512), (64, 1024), (8, 8), (512, 512)]
info = pick_block.cache_info()
print(info.hits, info.misses, info.maxsize, info.currsize, info)  # expect: 1 4 2 2 CacheInfo(hits=1, misses=4, maxsize=2, currsize=2)
pick_block.cache_clear()
print(pick_block.cache_info(), pick_block.__name__, pick_block.__wrapped__.__name__)  # expect: CacheInfo(hits=0, misses=0, maxsize=2, currsize=0) pick_block pick_block


@functools.lru_cache
def tiles(n):
    return n // 128


print(tiles(1024), tiles(1024), tiles.cache_info())  # expect: 8 8 CacheInfo(hits=1, misses=1, maxsize=128, currsize=1)


@functools.cache
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)


print(fib(60), fib.cache_info())  # expect: 1548008755920 CacheInfo(hits=58, misses=61, maxsize=None, currsize=61)


@functools.lru_cache(maxsize=None, typed=True)
def typed_key(x):
    return type(x).__name__


print(typed_key(1), typed_key(1.0), typed_key(1), typed_key.cache_info())  # expect: int float int CacheInfo(hits=1, misses=2, maxsize=None, currsize=2)
print(pick_block.cache_parameters())  # expect: {'maxsize': 2, 'typed': False}


@functools.lru_cache(maxsize=0)
def never(x):
    return x


print(never(1), never(1), never.cache_info())  # expect: 1 1 CacheInfo(hits=0, misses=2, maxsize=0, currsize=0)


class Planner:
    def __init__(self, cores):
        self.cores = cores

    @functools.lru_cache(maxsize=None)
    def split(self, n):
        return n // self.cores


p = Planner(4)
print(p.split(64), p.split(64), Planner.split.cache_info())  # expect: 16 16 CacheInfo(hits=1, misses=1, maxsize=None, currsize=1)
try:
    pick_block([1], 2)
except TypeError as e:
    print(e)  # expect: unhashable type: 'list'
try:
    functools.lru_cache("big")
except TypeError as e:
    print(e)  # expect: Expected first argument to be an integer, a callable, or None
