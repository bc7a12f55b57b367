# math functions whose results pass 64 bits.
import math
print(math.factorial(30), math.factorial(25) // math.factorial(23))
print(math.comb(100, 50), math.perm(30, 20))
print(math.prod(range(1, 26)), math.log2(2 ** 100), math.log10(10 ** 50))
print(math.floor(1e20), math.ceil(-1e25), math.trunc(2.0 ** 80), math.sqrt(2 ** 100))
print(math.gcd(2 ** 80, 6 ** 30), math.isqrt(10 ** 40))
# expect: 265252859812191058636308480000000 600
# expect: 100891344545564193334812497256 73096577329197271449600000
# expect: 15511210043330985984000000 100.0 50.0
# expect: 100000000000000000000 -10000000000000000905969664 1208925819614629174706176 1125899906842624.0
# expect: 1073741824 100000000000000000000
