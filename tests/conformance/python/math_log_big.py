# math.log/log2/log10 of ints beyond the float range, as CPython's loghelper computes them.
import math
print(math.log(10 ** 400), math.log2(2 ** 2000), math.log10(10 ** 500 + 7), math.log(10 ** 400, 10), math.log(2 ** 1100, 2 ** 1030), math.log2(8), math.log10(1000), math.log(7 ** 600))
print(math.log2(3 ** 1000))
print(math.log(-(10 ** 400)))  # expect error: ValueError: math domain error
# expect: 921.0340371976182 2000.0 500.0 399.99999999999994 1.0679611650485437 3.0 3.0 1167.546089433188
# expect: 1584.9625007211562
