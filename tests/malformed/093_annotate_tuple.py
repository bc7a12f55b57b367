# expect error: SyntaxError: only single target (not tuple) can be annotated @2:1
a, b: int = 1, 2
