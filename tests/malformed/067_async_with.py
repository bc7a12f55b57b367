# expect error: NotImplementedError: 'async for', 'async with', async generators and async comprehensions are not supported by Rungs @3:5
async def f(session):
    async with session:
        await session.flush()
f(None).send(None)  # the refusal comes when the statement runs
