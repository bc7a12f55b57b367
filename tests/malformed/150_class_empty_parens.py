# expect error: SyntaxError: 'return' outside function @3:5
class Empty():
    return 1
