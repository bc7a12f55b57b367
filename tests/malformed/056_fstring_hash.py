# expect error: SyntaxError: f-string expression part cannot include '#' @2:12
s = f"{x#}"
