# expect error: SyntaxError: cannot assign to expression here. Maybe you meant '==' instead of '='? @2:1
a + b = c
