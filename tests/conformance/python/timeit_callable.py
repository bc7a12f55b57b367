# timeit with a callable: calls it `number` times and returns a float.
import timeit
calls = []
def step():
    calls.append(1)
t = timeit.timeit(step, number=25)
print(len(calls), isinstance(t, float), t >= 0)
runs = timeit.repeat(step, repeat=3, number=4)
print(len(runs), len(calls), all(r >= 0 for r in runs))
start = timeit.default_timer()
total = sum(range(1000))
print(total, timeit.default_timer() >= start)
print(timeit.timeit(lambda: None, number=0) >= 0)
timeit.timeit(42)  # expect error: ValueError: stmt is neither a string nor callable
# expect: 25 True True
# expect: 3 37 True
# expect: 499500 True
# expect: True
