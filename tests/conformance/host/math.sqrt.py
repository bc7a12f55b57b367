import math
print(math.sqrt(16), math.floor(-2.5), math.ceil(2.1))  # expect: 4.0 -3 3
print(math.log(8, 2), math.prod([2, 3, 4]), math.isclose(1.0, 1.0 + 1e-12))  # expect: 3.0 24 True
math.sqrt(-1)  # expect error: ValueError: math domain error
