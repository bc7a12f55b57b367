# expect error: IndentationError: expected an indented block after 'if' statement on line 2 @3:1
if x:
pass
