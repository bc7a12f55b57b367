# expect error: SyntaxError: 'break' outside loop @5:5
for i in x:
    pass
else:
    break
