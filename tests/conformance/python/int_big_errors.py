# int too large to convert to float, as CPython says it.
big = 10 ** 400
print(big > 1e308, len(str(big)))
print(float(big))  # expect error: OverflowError: int too large to convert to float
# expect: True 401
