def block_rows(n_rows, preferred=8):
    # The largest divisor of n_rows not above `preferred`.
    for b in range(min(preferred, n_rows), 0, -1):
        if n_rows % b == 0:
            return b
    return 1
