# expect error: TypeError: str.lower() takes no arguments (1 given) @2:9
label = "BM".lower("x")
