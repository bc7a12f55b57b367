# expect error: SyntaxError: 'await' outside async function @5:12
import asyncio

def load(path):
    return await asyncio.sleep(0, path)
