# expect error: SyntaxError: f-string: invalid conversion character: expected 's', 'r', or 'a' @2:13
s = f"{x!z}"
