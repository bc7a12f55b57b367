# expect error: IndexError: cannot fit 'int' into an index-sized integer @3:5
blocks = [128, 256]
b = blocks[9223372036854775808]
