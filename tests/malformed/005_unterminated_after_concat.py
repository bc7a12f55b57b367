# expect error: SyntaxError: unterminated string literal (detected at line 2) @2:9
x = 'a' 'b
