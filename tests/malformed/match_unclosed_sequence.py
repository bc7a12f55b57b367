# expect error: SyntaxError: invalid syntax @4:15
v = 1
match v:
    case [1, 2:
        pass
