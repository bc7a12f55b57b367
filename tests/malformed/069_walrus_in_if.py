# expect error: NotImplementedError: assignment expressions (':=') are not supported by Rungs @2:5
if (n := len(a)) > 10:
    pass
