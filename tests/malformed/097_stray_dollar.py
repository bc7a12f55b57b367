# expect error: SyntaxError: invalid syntax @2:5
x = $y
