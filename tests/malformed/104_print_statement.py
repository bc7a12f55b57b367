# expect error: SyntaxError: Missing parentheses in call to 'print'. Did you mean print(...)? @2:1
print "hello"
