# Misusing itertools: CPython's exception types and messages.
import itertools
def show(thunk):
    try:
        thunk()
    except Exception as e:
        print(type(e).__name__ + ":", e)
show(lambda: list(itertools.chain(1)))
show(lambda: itertools.chain.from_iterable(5))
show(lambda: itertools.product([1], repeat=-1))
show(lambda: itertools.product(3))
show(lambda: itertools.combinations([1, 2]))
show(lambda: itertools.combinations([1, 2], -1))
show(lambda: itertools.permutations([1], "a"))
show(lambda: itertools.islice([1], -1))
show(lambda: itertools.islice([1], 0, 2, 0))
show(lambda: itertools.islice([1]))
show(lambda: itertools.starmap(abs))
show(lambda: itertools.repeat())
show(lambda: itertools.count("a"))
show(lambda: itertools.cycle([1], x=1))
show(lambda: itertools.accumulate([1], foo=2))
show(lambda: list(itertools.accumulate([1, "a"])))
show(lambda: itertools.groupby([1], 1, 2))
show(lambda: itertools.zip_longest([1], fill=0))
show(lambda: next(itertools.islice([], 1)))
list(itertools.pairwise(7))  # expect error: TypeError: 'int' object is not iterable
# expect: TypeError: 'int' object is not iterable
# expect: TypeError: 'int' object is not iterable
# expect: ValueError: repeat argument cannot be negative
# expect: TypeError: 'int' object is not iterable
# expect: TypeError: combinations() missing required argument 'r' (pos 2)
# expect: ValueError: r must be non-negative
# expect: TypeError: Expected int as r
# expect: ValueError: Stop argument for islice() must be None or an integer: 0 <= x <= sys.maxsize.
# expect: ValueError: Step for islice() must be a positive integer or None.
# expect: TypeError: islice expected at least 2 arguments, got 1
# expect: TypeError: starmap expected 2 arguments, got 1
# expect: TypeError: repeat() missing required argument 'object' (pos 1)
# expect: TypeError: a number is required
# expect: TypeError: cycle() takes no keyword arguments
# expect: TypeError: 'foo' is an invalid keyword argument for accumulate()
# expect: TypeError: unsupported operand type(s) for +: 'int' and 'str'
# expect: TypeError: groupby() takes at most 2 arguments (3 given)
# expect: TypeError: zip_longest() got an unexpected keyword argument
# expect: StopIteration: 
