# expect error: IndentationError: expected an indented block after 'for' statement on line 2 @2:19
for i in range(3):
