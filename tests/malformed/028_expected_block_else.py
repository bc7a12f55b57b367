# expect error: IndentationError: expected an indented block after 'else' statement on line 4 @5:1
if x:
    pass
else:
x = 1
