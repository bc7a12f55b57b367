# expect error: NotImplementedError: 'async for', 'async with', async generators and async comprehensions are not supported by Rungs @3:5
async def batches(n):
    yield n
