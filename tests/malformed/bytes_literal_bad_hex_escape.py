# expect error: SyntaxError: (value error) invalid \x escape at position 3 @2:18
magic = b"abc\x4"
