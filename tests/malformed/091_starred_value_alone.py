# expect error: SyntaxError: can't use starred expression here @2:5
x = *a
