# expect error: IndentationError: unindent does not match any outer indentation level @4:8
def f():
    pass
  x = 1
