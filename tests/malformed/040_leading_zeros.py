# expect error: SyntaxError: leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers @2:5
x = 0777
