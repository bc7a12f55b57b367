# expect error: NotImplementedError: 'async for', 'async with', async generators and async comprehensions are not supported by Rungs @3:5
async def f(rows):
    async for row in rows:
        print(row)
f([]).send(None)  # the refusal comes when the statement runs
