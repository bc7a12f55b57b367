# expect error: TypeError: type.__new__() argument 2 must be tuple, not list @2:7
Cls = type("Cls", [object], {})
