# expect error: OverflowError: int too large to convert to float @3:5
x = 123456789012345678901234567890 ** 20
y = float(x)
