# expect error: SyntaxError: cannot delete literal @2:5
del 1
