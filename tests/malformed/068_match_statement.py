# expect error: NotImplementedError: 'match' statements are not supported by Rungs @2:1
match x:
    case 1:
        pass
