# expect error: SyntaxError: starred assignment target must be in a list or tuple @2:1
*a = [1, 2]
