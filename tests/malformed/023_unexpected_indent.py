# expect error: IndentationError: unexpected indent @3:4
x = 1
    y = 2
