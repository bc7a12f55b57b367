# Serving code often sits next to kernels: a module defines async helpers
# with `async with`/`async for` that a kernel harness never calls. The module
# still imports and the rest of it runs.
import asyncio


class ReaderWriterLock:
    def __init__(self):
        self._lock = asyncio.Lock() if hasattr(asyncio, "Lock") else None
        self.readers = 0

    async def acquire_reader(self):
        async with self._lock:
            self.readers += 1

    async def drain(self, stream):
        async for chunk in stream:
            self.readers -= len(chunk)


def block_sizes(seq_len, max_block=512):
    size = max_block
    while seq_len % size:
        size //= 2
    return size


print(block_sizes(1536), block_sizes(640))  # expect: 512 128
print(ReaderWriterLock().readers)  # expect: 0
