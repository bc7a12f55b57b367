import math
print(math.gcd(12, 18), math.factorial(5))  # expect: 6 120
math.exp(1000)  # expect error: OverflowError: math range error
