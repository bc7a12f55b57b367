# expect error: IndentationError: unindent does not match any outer indentation level @4:8
if x:
    a = 1
  b = 2
