# expect error: SyntaxError: expected 'else' after 'if' expression @2:5
y = 1 if x
