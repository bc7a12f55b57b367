# expect error: SyntaxError: unterminated string literal (detected at line 2) @2:5
x = 'abc\
