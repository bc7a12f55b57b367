# expect error: SyntaxError: invalid syntax @2:1
else:
    pass
