# expect error: SyntaxError: invalid hexadecimal literal @2:6
x = 0xg1
