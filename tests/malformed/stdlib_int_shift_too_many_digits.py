# expect error: OverflowError: too many digits in integer @3:8
mask = 1 << 70
huge = 1 << mask
