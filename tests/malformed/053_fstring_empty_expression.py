# expect error: SyntaxError: f-string: empty expression not allowed @2:10
s = f"{}"
