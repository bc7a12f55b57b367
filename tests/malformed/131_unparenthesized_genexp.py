# expect error: SyntaxError: Generator expression must be parenthesized @2:3
f(x for x in y, 1)
