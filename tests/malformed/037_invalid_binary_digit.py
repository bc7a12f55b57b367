# expect error: SyntaxError: invalid digit '2' in binary literal @2:9
x = 0b102
