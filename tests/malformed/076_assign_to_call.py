# expect error: SyntaxError: cannot assign to function call here. Maybe you meant '==' instead of '='? @2:1
f() = 1
