# expect error: SyntaxError: unterminated string literal (detected at line 2) @2:7
print(f"value {x}
