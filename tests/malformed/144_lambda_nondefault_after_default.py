# expect error: SyntaxError: non-default argument follows default argument @2:17
g = lambda x=1, y: 0
