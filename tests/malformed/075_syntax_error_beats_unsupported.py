# expect error: SyntaxError: invalid syntax. Perhaps you forgot a comma? @4:6
class A:
    pass
x = (1 2)
