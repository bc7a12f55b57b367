# expect error: SyntaxError: 'await' outside function @4:1
import asyncio

await asyncio.sleep(0)
