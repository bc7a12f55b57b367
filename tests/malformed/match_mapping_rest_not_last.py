# expect error: SyntaxError: invalid syntax @4:27
cfg = {}
match cfg:
    case {"k": 1, **rest, "j": 2}:
        pass
