# expect error: SyntaxError: nonlocal declaration not allowed at module level @2:1
nonlocal x
