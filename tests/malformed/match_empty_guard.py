# expect error: SyntaxError: invalid syntax @4:14
v = 1
match v:
    case 1 if:
        pass
