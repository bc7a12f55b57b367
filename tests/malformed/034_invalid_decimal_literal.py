# expect error: SyntaxError: invalid decimal literal @2:5
x = 1abc
