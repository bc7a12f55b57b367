# CPython 3.11 limits int <-> decimal str conversion to 4300 digits.
big = 7 ** 6000
print(big.bit_length(), len(hex(big)), big % 10 ** 9, big > 10 ** 5000)
print(str(big))  # expect error: ValueError: Exceeds the limit (4300 digits) for integer string conversion; use sys.set_int_max_str_digits() to increase the limit
# expect: 16845 4214 683600001 True
