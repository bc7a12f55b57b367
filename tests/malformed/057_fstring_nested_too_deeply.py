# expect error: SyntaxError: f-string: expressions nested too deeply @2:19
s = f"{x:{y:{z}}}"
