# expect error: OverflowError: cannot fit 'int' into an index-sized integer @3:8
pad = " "
line = pad * (1 << 70)
