# expect error: SyntaxError: expected ':' @4:11
x = 1
match x:
    case 1
        pass
