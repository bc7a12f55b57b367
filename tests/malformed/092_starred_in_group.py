# expect error: SyntaxError: cannot use starred expression here @2:6
x = (*a)
