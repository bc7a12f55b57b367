# expect error: SyntaxError: Non-UTF-8 code starting with '\xff' in file 148_invalid_utf8.py on line 3, but no encoding declared; see https://peps.python.org/pep-0263/ for details @3:6
x = 1
y = "ÿ"
