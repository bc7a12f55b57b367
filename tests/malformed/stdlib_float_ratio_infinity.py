# expect error: OverflowError: cannot convert Infinity to integer ratio @2:9
ratio = float("inf").as_integer_ratio()
