# expect error: SyntaxError: cannot mix bytes and nonbytes literals @2:21
header = b"RUNG" "S"
