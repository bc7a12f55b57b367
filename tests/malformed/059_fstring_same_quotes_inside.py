# expect error: SyntaxError: f-string: unmatched '[' @2:11
s = f"{d["k"]}"
