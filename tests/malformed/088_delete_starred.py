# expect error: SyntaxError: cannot delete starred @2:5
del *a
