# __format__ on user classes, as harness pretty-printers define it: byte
# sizes, durations and shapes that take a format spec in f-strings,
# str.format and format().
class Bytes:
    UNITS = ["B", "KiB", "MiB", "GiB"]

    def __init__(self, n):
        self.n = n

    def __format__(self, spec):
        value, unit = float(self.n), 0
        while value >= 1024 and unit < len(self.UNITS) - 1:
            value /= 1024
            unit += 1
        text = f"{value:.1f} {self.UNITS[unit]}" if unit else f"{self.n} B"
        return format(text, spec)


class Duration:
    def __init__(self, seconds):
        self.seconds = seconds

    def __format__(self, spec):
        if spec.endswith("us"):
            return format(self.seconds * 1e6, spec[:-2] + "f") + " us"
        if spec.endswith("ms"):
            return format(self.seconds * 1e3, spec[:-2] + "f") + " ms"
        return format(self.seconds, spec)


for n in (512, 3 * 1024 * 1024, 16 * 1024**3):
    print(f"|{Bytes(n):>12}|{Bytes(n):<12}|{Bytes(n)}|")
t = Duration(0.0012345)
print(f"{t:.1us} {t:.3ms} {t:.2e} {t}")
print("{:>10.2ms}|{:8.0us}|".format(t, t))
print(format(Bytes(2048)), format(Bytes(2048), "^13"), format(t, ".4f"))
rows = [("matmul", Bytes(8 * 1024 * 1024), Duration(0.0021)), ("softmax", Bytes(65536), Duration(0.00035))]
for name, size, time in rows:
    print(f"{name:<8} {size:>9} {time:>8.1us}")


class Named:
    def __init__(self, name):
        self.name = name

    def __format__(self, spec):
        return f"<{self.name}:{spec}>"

    def __str__(self):
        return self.name


n = Named("bm")
print(f"{n}", f"{n!s}", f"{n:x}", f"{n!r:.4}", "{0:y} {0!s:>4}".format(n))
print(format(7, "04d"), format(2.5, "e"), format("ab", "*^6"), format(True), format(None))
# expect: |       512 B|512 B       |512 B|
# expect: |     3.0 MiB|3.0 MiB     |3.0 MiB|
# expect: |    16.0 GiB|16.0 GiB    |16.0 GiB|
# expect: 1234.5 us 1.234 ms 1.23e-03 0.0012345
# expect:       1.23 ms|    1234 us|
# expect: 2.0 KiB    2.0 KiB    0.0012
# expect: matmul     8.0 MiB   2100.0 us
# expect: softmax   64.0 KiB    350.0 us
# expect: <bm:> bm <bm:x> <__m <bm:y>   bm
# expect: 0007 2.500000e+00 **ab** True None
