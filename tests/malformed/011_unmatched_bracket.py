# expect error: SyntaxError: unmatched ']' @2:11
x = [1, 2]]
