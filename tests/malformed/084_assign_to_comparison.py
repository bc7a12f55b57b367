# expect error: SyntaxError: cannot assign to comparison @2:1
a < b = 1
