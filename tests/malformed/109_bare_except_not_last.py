# expect error: SyntaxError: default 'except:' must be last @4:1
try:
    pass
except:
    pass
except ValueError:
    pass
