# expect error: SyntaxError: duplicate argument 'x' in function definition @2:15
g = lambda x, x: x
