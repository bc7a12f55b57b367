# expect error: SyntaxError: f-string expression part cannot include a backslash @2:22
s = f"{'\n'.join(a)}"
