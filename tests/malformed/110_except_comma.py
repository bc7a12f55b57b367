# expect error: SyntaxError: multiple exception types must be parenthesized @4:8
try:
    pass
except ValueError, TypeError:
    pass
