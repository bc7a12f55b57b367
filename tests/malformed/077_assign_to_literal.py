# expect error: SyntaxError: cannot assign to literal here. Maybe you meant '==' instead of '='? @2:1
1 = x
