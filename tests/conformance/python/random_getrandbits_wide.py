# random.getrandbits past 64 bits and big-int seeds draw what CPython draws.
import random

random.seed(2 ** 80 + 12345)
print(random.getrandbits(100), random.getrandbits(64), random.getrandbits(33))
print(random.randrange(10 ** 30), random.randint(-(2 ** 70), 2 ** 70))
rng = random.Random(0xDEADBEEFCAFEBABE1234)
print(rng.getrandbits(128), rng.random(), rng.choice(range(2 ** 40, 2 ** 40 + 10)))
# expect: 904761951638992975954834249625 5296648909568276935 6442300759
# expect: 121249876625557299841809068401 -865494177274218472947
# expect: 146948140252720591549173418712431383391 0.9382514763122818 1099511627778
