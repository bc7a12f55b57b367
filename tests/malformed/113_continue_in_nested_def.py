# expect error: SyntaxError: 'continue' not properly in loop @4:9
for i in x:
    def g():
        continue
