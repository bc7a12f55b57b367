# expect error: SyntaxError: unterminated string literal (detected at line 3) @3:5
x = 1
y = "abc
z = 2
