# expect error: SyntaxError: invalid syntax @2:7
x = a ? b : c
