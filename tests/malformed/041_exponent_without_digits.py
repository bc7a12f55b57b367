# expect error: SyntaxError: invalid decimal literal @2:7
x = 1e+
