# expect error: TypeError: removeprefix() argument must be str, not int @3:7
prefix = 4
name = "x4".removeprefix(prefix)
