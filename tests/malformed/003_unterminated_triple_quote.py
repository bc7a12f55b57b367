# expect error: SyntaxError: unterminated triple-quoted string literal (detected at line 4) @2:5
s = """abc

more
