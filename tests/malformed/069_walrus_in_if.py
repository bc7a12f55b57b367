# expect error: SyntaxError: cannot use assignment expressions with attribute @2:5
if (cfg.n := len(a)) > 10:
    pass
