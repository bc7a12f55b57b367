# expect error: SyntaxError: multiple starred expressions in assignment @2:1
a, *b, *c = range(5)
