# heapq and bisect as schedulers and block-size pickers use them: a
# priority queue of (cost, name) tasks, heapify/replace/pushpop keeping
# CPython's exact heap order, and bisect over sorted tile sizes (with key).
import heapq, bisect
h = []
for v in [5, 3, 8, 1, 9, 2, 7, 3, 6]:
    heapq.heappush(h, v)
print(h)
print([heapq.heappop(h) for _ in range(3)], h)
x = [9, 4, 7, 1, 8, 2, 6, 3, 5, 0]; heapq.heapify(x); print(x)
print(heapq.heapreplace(x, 10), x, heapq.heappushpop(x, -1), heapq.heappushpop(x, 4), x)
print(heapq.nsmallest(3, [5, 1, 4, 2]), heapq.nlargest(2, ["a", "ccc", "bb"], key=len), list(heapq.merge([1, 4], [2, 3])))
tasks = []
for cost, name in [(3, "c"), (1, "a"), (2, "b"), (1, "z")]:
    heapq.heappush(tasks, (cost, name))
print([heapq.heappop(tasks) for _ in range(4)])
a = [1, 3, 3, 5, 8]
print(bisect.bisect_left(a, 3), bisect.bisect_right(a, 3), bisect.bisect(a, 0), bisect.bisect(a, 9))
bisect.insort(a, 4); bisect.insort_left(a, 3); print(a)
rows = [("a", 1), ("b", 5), ("c", 9)]
print(bisect.bisect_left(rows, 5, key=lambda r: r[1]))
bisect.insort(rows, ("d", 6), key=lambda r: r[1]); print(rows)
print(bisect.bisect_left([128, 256, 512, 1024], 300))
heapq.heappop([])  # expect error: IndexError: index out of range
# expect: [1, 3, 2, 3, 9, 8, 7, 5, 6]
# expect: [1, 2, 3] [3, 5, 6, 7, 9, 8]
# expect: [0, 1, 2, 3, 4, 7, 6, 9, 5, 8]
# expect: 0 [2, 3, 4, 5, 4, 7, 6, 9, 10, 8] -1 1 [2, 3, 4, 5, 4, 7, 6, 9, 10, 8]
# expect: [1, 2, 4] ['ccc', 'bb'] [1, 2, 3, 4]
# expect: [(1, 'a'), (1, 'z'), (2, 'b'), (3, 'c')]
# expect: 1 3 0 5
# expect: [1, 3, 3, 3, 4, 5, 8]
# expect: 1
# expect: [('a', 1), ('b', 5), ('d', 6), ('c', 9)]
# expect: 2
