# A module whose import fails part-way: the error is located here.
LIMIT = 4


def check_block(n):
    if n > LIMIT:
        raise ValueError(f"block {n} is larger than {LIMIT}")  # expect error: ValueError: block 9 is larger than 4
    return n


check_block(2)
check_block(9)
