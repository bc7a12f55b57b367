# expect error: SyntaxError: 'return' outside function @2:1
return 1
