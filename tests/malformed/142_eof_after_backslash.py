# expect error: SyntaxError: unexpected EOF while parsing @2:10
x = 1 + \