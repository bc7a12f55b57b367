# expect error: TypeError: str.lower() takes no arguments (1 given) @2:8
label = "BM".lower("x")
