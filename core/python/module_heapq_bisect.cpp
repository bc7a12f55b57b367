// heapq and bisect, written in Python. heapq keeps CPython's exact element
// order (the same sift-down/sift-up moves as its C accelerator), so printed
// heaps match; bisect takes `key` as in 3.10+.
#include "core/python/modules.h"

namespace rungs::python {

namespace {
const char* const kHeapqSource = R"PY(
def _sift_toward_root(heap, start, pos):
    item = heap[pos]
    while pos > start:
        parent = (pos - 1) >> 1
        if item < heap[parent]:
            heap[pos] = heap[parent]
            pos = parent
            continue
        break
    heap[pos] = item


def _sift_to_leaf(heap, pos):
    # Move the smaller child up until a leaf, then bubble the item back up.
    end = len(heap)
    start = pos
    item = heap[pos]
    child = 2 * pos + 1
    while child < end:
        right = child + 1
        if right < end and not heap[child] < heap[right]:
            child = right
        heap[pos] = heap[child]
        pos = child
        child = 2 * pos + 1
    heap[pos] = item
    _sift_toward_root(heap, start, pos)


def _check(heap):
    if not isinstance(heap, list):
        raise TypeError("heap argument must be a list")


def heappush(heap, item):
    _check(heap)
    heap.append(item)
    _sift_toward_root(heap, 0, len(heap) - 1)


def heappop(heap):
    _check(heap)
    if not heap:
        raise IndexError("index out of range")
    last = heap.pop()
    if heap:
        top = heap[0]
        heap[0] = last
        _sift_to_leaf(heap, 0)
        return top
    return last


def heapreplace(heap, item):
    _check(heap)
    if not heap:
        raise IndexError("index out of range")
    top = heap[0]
    heap[0] = item
    _sift_to_leaf(heap, 0)
    return top


def heappushpop(heap, item):
    _check(heap)
    if heap and heap[0] < item:
        item, heap[0] = heap[0], item
        _sift_to_leaf(heap, 0)
    return item


def heapify(x):
    _check(x)
    for i in reversed(range(len(x) // 2)):
        _sift_to_leaf(x, i)


def nsmallest(n, iterable, key=None):
    return sorted(iterable, key=key)[:n] if n > 0 else []


def nlargest(n, iterable, key=None):
    return sorted(iterable, key=key, reverse=True)[:n] if n > 0 else []


def merge(*iterables, key=None, reverse=False):
    items = []
    for it in iterables:
        items.extend(it)
    return iter(sorted(items, key=key, reverse=reverse))
)PY";

const char* const kBisectSource = R"PY(
def _bounds(a, lo, hi):
    if lo < 0:
        raise ValueError("lo must be non-negative")
    return len(a) if hi is None else hi


def bisect_left(a, x, lo=0, hi=None, *, key=None):
    hi = _bounds(a, lo, hi)
    while lo < hi:
        mid = (lo + hi) // 2
        probe = a[mid] if key is None else key(a[mid])
        if probe < x:
            lo = mid + 1
        else:
            hi = mid
    return lo


def bisect_right(a, x, lo=0, hi=None, *, key=None):
    hi = _bounds(a, lo, hi)
    while lo < hi:
        mid = (lo + hi) // 2
        probe = a[mid] if key is None else key(a[mid])
        if x < probe:
            hi = mid
        else:
            lo = mid + 1
    return lo


def insort_left(a, x, lo=0, hi=None, *, key=None):
    a.insert(bisect_left(a, x if key is None else key(x), lo, hi, key=key), x)


def insort_right(a, x, lo=0, hi=None, *, key=None):
    a.insert(bisect_right(a, x if key is None else key(x), lo, hi, key=key), x)


bisect = bisect_right
insort = insort_right
)PY";
}  // namespace

void register_module_heapq_bisect() {
  Interpreter::register_module("heapq", [](Interpreter& ip) { return ip.define_generated_module("heapq", kHeapqSource, {}); });
  Interpreter::register_module("bisect", [](Interpreter& ip) { return ip.define_generated_module("bisect", kBisectSource, {}); });
}

}  // namespace rungs::python
