# expect error: OverflowError: integer literal 123456789012345678901234567890 is too large: Rungs integers are 64-bit @2:5
x = 123456789012345678901234567890
