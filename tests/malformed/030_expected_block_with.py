# expect error: IndentationError: expected an indented block after 'with' statement on line 2 @4:1
with a:

pass
