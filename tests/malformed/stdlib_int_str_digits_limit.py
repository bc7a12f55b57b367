# expect error: ValueError: Exceeds the limit (4300 digits) for integer string conversion; use sys.set_int_max_str_digits() to increase the limit @3:1
n = 3 ** 10000
print(n)
