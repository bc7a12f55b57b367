# The serving code next to kernels: coroutines that batch requests, run on
# asyncio's loop; tasks wake in order of their sleeps.
import asyncio
import time


async def fetch_tokens(request_id, delay):
    await asyncio.sleep(delay)
    print("done", request_id)
    return request_id * 10


async def prefill(prompt):
    return len(prompt)


async def serve(requests):
    start = time.monotonic()
    lengths = []
    for prompt in requests:
        n = await prefill(prompt)
        lengths.append(n)
    print("prefilled", lengths)
    tokens = await asyncio.gather(fetch_tokens(1, 0.3), fetch_tokens(2, 0.1), fetch_tokens(3, 0.2))
    print("tokens", tokens)
    print("elapsed ~0.3s:", round(time.monotonic() - start, 1))
    return sum(tokens)


coro = serve(["hello", "tpu"])
print(type(coro).__name__, asyncio.iscoroutine(coro), asyncio.iscoroutinefunction(serve))
# expect: coroutine True True
print(asyncio.run(coro))
# expect: prefilled [5, 3]
# expect: done 2
# expect: done 3
# expect: done 1
# expect: tokens [10, 20, 30]
# expect: elapsed ~0.3s: 0.3
# expect: 60


class Ready:
    def __init__(self, value):
        self.value = value

    def __await__(self):
        yield  # one pass through the loop, as a future that is already done
        return self.value


async def read_config():
    value = await Ready({"block": 128})
    return value["block"]


print(asyncio.run(read_config()))
# expect: 128


async def failing_shard(i):
    await asyncio.sleep(0.01)
    if i == 2:
        raise ValueError(f"shard {i} failed")
    return i


async def collect():
    results = await asyncio.gather(*(failing_shard(i) for i in range(4)), return_exceptions=True)
    print([type(r).__name__ if isinstance(r, Exception) else r for r in results])
    try:
        await asyncio.gather(failing_shard(2))
    except ValueError as e:
        print("caught:", e)
    task = asyncio.create_task(failing_shard(1))
    value = await task
    print("task", value, task.done())


asyncio.run(collect())
# expect: [0, 1, 'ValueError', 3]
# expect: caught: shard 2 failed
# expect: task 1 True


async def not_awaitable():
    await 3


try:
    asyncio.run(not_awaitable())
except TypeError as e:
    print(e)
# expect: object int can't be used in 'await' expression
