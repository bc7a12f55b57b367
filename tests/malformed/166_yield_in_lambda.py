# expect error: NotImplementedError: 'yield' inside a lambda is not supported by Rungs @2:16
gen = lambda: (yield 1)
