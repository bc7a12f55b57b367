BLOCK = 128
SIZES = [BLOCK, BLOCK * 2  # expect error: SyntaxError: '[' was never closed
NAMES = ["a", "b"]
