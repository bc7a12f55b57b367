# expect error: SyntaxError: expected ':' @2:5
if x
    pass
