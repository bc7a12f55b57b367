# expect error: SyntaxError: 'yield' outside function @2:1
yield from range(3)
