# Assignment expressions (PEP 572): compared with CPython 3.11's output.
shapes = [(8, 128), (16, 256), (3, 7), (64, 512)]
if (n := len(shapes)) > 3:
    print("tiles:", n)  # expect: tiles: 4
aligned = [t for s in shapes if (t := s[0] * s[1]) % 1024 == 0]
print(aligned, t)  # expect: [1024, 4096, 32768] 32768


def running_sums(xs):
    total = 0
    sums = [total := total + x for x in xs]
    return sums, total


print(running_sums([1, 2, 3, 4]))  # expect: ([1, 3, 6, 10], 10)
pending, steps = [5, 0, 3, 2], []
while (step := pending.pop()) != 0:
    steps.append(step)
print("steps", steps, step)  # expect: steps [2, 3] 0
print((k := 3) * k, k)  # expect: 9 3
print({b: (half := b // 2) for b in (128, 256)}, half)  # expect: {128: 64, 256: 128} 128


def first_big(xs, limit):
    for x in xs:
        if (doubled := 2 * x) > limit:
            return doubled
    return None


print(first_big([3, 9, 27], 5), first_big([1, 2], 5))  # expect: 6 None
