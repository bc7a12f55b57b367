# expect error: SyntaxError: closing parenthesis ']' does not match opening parenthesis '(' @2:10
x = (1, 2]
