# expect error: TypeError: unsupported format string passed to P.__format__ @4:1
class P:
    pass
f'{P():>8}'
