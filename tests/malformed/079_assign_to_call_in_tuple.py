# expect error: SyntaxError: cannot assign to function call @2:5
(a, f()) = 1, 2
