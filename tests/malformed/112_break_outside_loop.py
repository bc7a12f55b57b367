# expect error: SyntaxError: 'break' outside loop @2:1
break
