# expect error: IndentationError: expected an indented block after function definition on line 2 @3:1
def f():
return 1
