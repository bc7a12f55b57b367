# expect error: TypeError: int() can't convert non-string with explicit base @2:5
n = int(255, 16)
