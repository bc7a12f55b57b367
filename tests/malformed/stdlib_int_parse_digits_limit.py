# expect error: ValueError: Exceeds the limit (4300 digits) for integer string conversion: value has 5000 digits; use sys.set_int_max_str_digits() to increase the limit @3:9
digits = "7" * 5000
value = int(digits)
