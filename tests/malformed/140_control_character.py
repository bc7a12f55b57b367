# expect error: SyntaxError: invalid non-printable character U+0001 @2:5
x = 
