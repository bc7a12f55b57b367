# expect error: SyntaxError: invalid decimal literal @2:6
x = 1__000
