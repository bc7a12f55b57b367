# expect error: IndentationError: expected an indented block after 'try' statement on line 2 @3:1
try:
x = 1
