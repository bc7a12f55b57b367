# expect error: TypeError: removeprefix() argument must be str, not int @3:8
prefix = 4
name = "x4".removeprefix(prefix)
