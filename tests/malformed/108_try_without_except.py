# expect error: SyntaxError: expected 'except' or 'finally' block @4:1
try:
    pass
x = 1
