# expect error: SyntaxError: f-string: single '}' is not allowed @2:11
s = f"a}b"
