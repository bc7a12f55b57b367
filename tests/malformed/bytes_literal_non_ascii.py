# expect error: SyntaxError: bytes can only contain ASCII literal characters @2:9
magic = b"café"
