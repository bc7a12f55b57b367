# Ints and floats compare exactly, whatever their sizes.
big = 2 ** 53 + 1
print(big == 2.0 ** 53, big > 2.0 ** 53, float(big) == 2.0 ** 53)
print(2 ** 64 == 2.0 ** 64, 2 ** 64 + 1 == 2.0 ** 64, 2 ** 64 + 1 > 2.0 ** 64)
print(10 ** 400 > 1e308, -(10 ** 400) < -1e308, 10 ** 400 < float("inf"), 10 ** 400 == float("nan"))
print(2 ** 100 < 2 ** 101, -(2 ** 100) < 2 ** 64, sorted([2 ** 70, -5, 3.5, 2 ** 64, -(2 ** 66)]))
print(max(2 ** 80, 1e24), min(-(2 ** 80), -1e24), 9007199254740993 < 9007199254740992.5)
d = {2 ** 64: "a", 2.0 ** 64: "b", 1: "c"}
print(d, 2 ** 64 in {2.0 ** 64}, len({2 ** 70, 2.0 ** 70}))
# expect: False True True
# expect: True False True
# expect: True True True False
# expect: True True [-73786976294838206464, -5, 3.5, 18446744073709551616, 1180591620717411303424]
# expect: 1208925819614629174706176 -1208925819614629174706176 False
# expect: {18446744073709551616: 'b', 1: 'c'} True 1
