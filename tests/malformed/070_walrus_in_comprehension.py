# expect error: NotImplementedError: assignment expressions (':=') are not supported by Rungs @2:25
ys = [y for x in xs if (y := f(x))]
