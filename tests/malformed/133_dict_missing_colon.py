# expect error: SyntaxError: ':' expected after dictionary key @2:12
d = {1: 2, 3}
