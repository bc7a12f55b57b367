# expect error: SyntaxError: f-string: invalid syntax. Perhaps you forgot a comma? @2:2
s = f"{a b}"
