# expect error: SyntaxError: invalid digit '8' in octal literal @2:8
x = 0o78
