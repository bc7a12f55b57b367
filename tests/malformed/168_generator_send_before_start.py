# expect error: TypeError: can't send non-None value to a just-started generator @4:1
def gen():
    yield 1
gen().send(5)
