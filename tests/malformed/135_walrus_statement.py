# expect error: SyntaxError: invalid syntax @2:3
x := 1
