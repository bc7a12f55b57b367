# expect error: OverflowError: integer literal 9223372036854775808 is too large: Rungs integers are 64-bit @2:5
x = 9223372036854775808
