# expect error: SyntaxError: invalid syntax. Perhaps you forgot a comma? @2:10
xs = [1, 2 3]
