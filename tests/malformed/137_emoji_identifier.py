# expect error: SyntaxError: invalid character '😀' (U+1F600) @2:1
😀 = 1
