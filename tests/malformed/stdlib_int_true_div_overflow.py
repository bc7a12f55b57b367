# expect error: OverflowError: integer division result too large for a float @3:9
scale = 10 ** 400
ratio = scale / 7
