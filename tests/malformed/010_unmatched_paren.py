# expect error: SyntaxError: unmatched ')' @2:6
x = 1)
