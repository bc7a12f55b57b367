# expect error: SyntaxError: invalid syntax. Perhaps you forgot a comma? @2:14
pl.BlockSpec((8, 128) lambda i: (i, 0))
