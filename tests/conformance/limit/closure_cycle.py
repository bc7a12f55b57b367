# A nested function holds the frame that holds it (a reference cycle), as in
# every kernel with a fori_loop body. The engine frees such cycles at the end
# of the run; under the sanitizer build's leak checker, a leak fails this file
# (found by fuzz_run in its seed corpus).
def outer(n):
    def body(i, acc):
        return acc + i
    total = 0
    for i in range(n):
        total = body(i, total)
    return total

xs = [1, 2]
xs.append(xs)
print(outer(4))  # expect: 6
