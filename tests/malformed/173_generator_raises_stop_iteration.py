# expect error: RuntimeError: generator raised StopIteration @3:11
def first(xs):
    yield next(iter(xs))
list(first([]))
