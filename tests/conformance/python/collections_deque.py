# A sliding window of recent step times with a bounded deque.
from collections import deque

window = deque(maxlen=3)
for t in [5, 7, 9, 11]:
    window.append(t)
print(window, len(window), window.maxlen, sum(window) / len(window))  # expect: deque([7, 9, 11], maxlen=3) 3 3 9.0
q = deque([1, 2, 3])
q.appendleft(0)
q.extend([4, 5])
q.extendleft([-1, -2])
print(q, q[0], q[-1], q[2])  # expect: deque([-2, -1, 0, 1, 2, 3, 4, 5]) -2 5 0
print(q.pop(), q.popleft(), q)  # expect: 5 -2 deque([-1, 0, 1, 2, 3, 4])
q.rotate(2)
print(q)  # expect: deque([3, 4, -1, 0, 1, 2])
q.rotate(-3)
print(q, list(reversed(q)), 3 in q, q.count(3), q.index(3))  # expect: deque([0, 1, 2, 3, 4, -1]) [-1, 4, 3, 2, 1, 0] True 1 3
q[1] = 99
del q[0]
print(q)  # expect: deque([99, 2, 3, 4, -1])
q.remove(99)
print(q, q == deque([3, 4, 0, 1, 2][:0] + [x for x in q]), deque(), deque("ab"))  # expect: deque([2, 3, 4, -1]) True deque([]) deque(['a', 'b'])
bounded = deque(range(5), maxlen=2)
bounded.appendleft(-1)
print(bounded, list(bounded), bool(deque()), bool(bounded))  # expect: deque([-1, 3], maxlen=2) [-1, 3] False True
q.clear()
print(q, q.maxlen)  # expect: deque([]) None
problems = []
for attempt in ("pop", "popleft", "index", "remove"):
    try:
        if attempt == "pop":
            q.pop()
        elif attempt == "popleft":
            q.popleft()
        elif attempt == "index":
            q[4]
        else:
            bounded.remove(42)
    except (IndexError, ValueError) as e:
        problems.append(f"{type(e).__name__}: {e}")
print(problems)  # expect: ['IndexError: pop from an empty deque', 'IndexError: pop from an empty deque', 'IndexError: deque index out of range', 'ValueError: 42 is not in deque']
deque().pop()  # expect error: IndexError: pop from an empty deque
