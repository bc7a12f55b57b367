# expect error: SyntaxError: '{' was never closed @2:5
d = {'a': 1,
     'b': 2
