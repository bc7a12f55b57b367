# expect error: SyntaxError: invalid syntax @2:5
def = 1
