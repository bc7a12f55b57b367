# expect error: SyntaxError: closing parenthesis ')' does not match opening parenthesis '[' on line 2 @3:7
x = [1,
     2)
