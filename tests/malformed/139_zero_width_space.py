# expect error: SyntaxError: invalid non-printable character U+200B @2:2
x​ = 1
