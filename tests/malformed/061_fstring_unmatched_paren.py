# expect error: SyntaxError: f-string: unmatched ')' @2:12
s = f"{x)}"
