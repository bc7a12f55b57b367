# expect error: NotImplementedError: 'async' functions and statements are not supported by Rungs @2:1
async def f():
    await g()
