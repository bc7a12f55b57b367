# expect error: SyntaxError: expected ':' @4:5
if x:
    pass
else
    pass
