# expect error: SyntaxError: invalid non-printable character U+00A0 @2:4
x = 1
