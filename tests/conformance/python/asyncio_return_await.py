# A request handler that forwards to the next one returns what it awaits,
# the most common shape of `await` in serving code.
import asyncio


async def load_weights(shard):
    await asyncio.sleep(0.001 * shard)
    return {"shard": shard, "bytes": 4096 * (shard + 1)}


async def cached_load(cache, shard):
    if shard in cache:
        return cache[shard]
    return await load_weights(shard)


async def forward(shard):
    return await cached_load({0: {"shard": 0, "bytes": 0}}, shard)


async def main():
    first = await forward(0)
    second = await forward(2)
    print(first)  # expect: {'shard': 0, 'bytes': 0}
    print(second)  # expect: {'shard': 2, 'bytes': 12288}
    both = await asyncio.gather(forward(1), forward(3))
    print([entry["bytes"] for entry in both])  # expect: [8192, 16384]


asyncio.run(main())


def block_indices(count):
    total = yield from range(count)
    return total


def tiles(count):
    return (yield from block_indices(count))


print(list(tiles(4)))  # expect: [0, 1, 2, 3]
