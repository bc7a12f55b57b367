# Python semantics: compared with CPython 3.11's output.
import math
print(math.pi, math.e, math.sqrt(16), math.floor(2.7), math.ceil(2.1), math.prod([1, 2, 3]))
print(math.log(math.e), math.exp(0), math.isnan(float("nan")), math.inf > 1e308, math.gcd(12, 18))
print(math.isclose(0.1 + 0.2, 0.3), math.fabs(-2), math.log2(8), math.log10(1000))
# expect: 3.141592653589793 2.718281828459045 4.0 2 3 6
# expect: 1.0 1.0 True True 6
# expect: True 2.0 3.0 3.0
