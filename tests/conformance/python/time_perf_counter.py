# Timing a kernel the way notebooks do; only deterministic facts are printed.
import time
def work(n):
    s = 0
    for i in range(n):
        s += i * i
    return s
t0 = time.perf_counter()
r = work(1000)
t1 = time.perf_counter()
print(r, t1 >= t0, isinstance(t1 - t0, float))
n0 = time.perf_counter_ns()
time.sleep(0.01)
n1 = time.perf_counter_ns()
print(type(n0).__name__, n1 - n0 >= 10_000_000)
m0 = time.monotonic()
time.sleep(0)
print(time.monotonic() >= m0, time.time() > 1.6e9, type(time.time_ns()).__name__)
elapsed_ms = (time.perf_counter() - t0) * 1e3
print(f"{'matmul':<8}", elapsed_ms >= 10.0)
try:
    time.sleep(-1)
except ValueError as e:
    print("ValueError:", e)
time.sleep("1")  # expect error: TypeError: 'str' object cannot be interpreted as an integer
# expect: 332833500 True True
# expect: int True
# expect: True True int
# expect: matmul   True
# expect: ValueError: sleep length must be non-negative
