# expect error: SyntaxError: f-string: expecting '}' @2:10
s = f"{x"
