# expect error: TypeError: type() takes 1 or 3 arguments @2:7
Cls = type("Cls", ())
