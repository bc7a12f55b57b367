# expect error: SyntaxError: expression cannot contain assignment, perhaps you meant "=="? @2:3
f(a.b=1)
