# expect error: SyntaxError: cannot assign to None @2:1
None = 0
