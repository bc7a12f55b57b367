# Python's random module as test harnesses draw inputs with it: seeded
# draws that must equal CPython's bit for bit (Mersenne Twister), shuffled
# block orders, sampled sequence lengths, weighted choices, gaussian noise,
# a private Random instance, state save/restore; errors in CPython's words.
import random

random.seed(2024)
seq_lens = [random.randint(1, 512) for _ in range(6)]
print(seq_lens)
order = list(range(12))
random.shuffle(order)
print(order)
print(random.random(), random.uniform(-1.0, 1.0), random.getrandbits(16), random.getrandbits(48))
print(random.randrange(128), random.randrange(8, 1024, 8), random.choice(["bf16", "f32", "int8"]))
print(random.sample(range(1000), 4), random.sample(["q", "k", "v", "o"], 2))
print(random.choices("abc", k=5), random.choices([128, 256, 512], weights=[5, 1, 0], k=5))
print([round(random.gauss(0.0, 1.0), 12) for _ in range(3)], round(random.normalvariate(1.0, 0.5), 12))
rng = random.Random(7)
print(rng.random(), rng.randint(0, 9), rng.choice("xyz"))
state = random.getstate()
first = [random.random() for _ in range(3)]
random.setstate(state)
print(first == [random.random() for _ in range(3)])
random.seed(123456789012)
print(random.random(), random.randint(-5, 5))
try:
    random.randrange(0)
except ValueError as e:
    print("ValueError:", e)
try:
    random.choice([])
except IndexError as e:
    print("IndexError:", e)
random.sample([1, 2], 3)  # expect error: ValueError: Sample larger than population or is negative
# expect: [482, 187, 312, 206, 420, 272]
# expect: [0, 2, 10, 1, 9, 11, 4, 6, 5, 7, 3, 8]
# expect: 0.5193507229884871 0.46272016725501364 65513 58093156859812
# expect: 119 952 int8
# expect: [851, 892, 668, 151] ['k', 'o']
# expect: ['c', 'c', 'b', 'b', 'c'] [128, 128, 128, 128, 128]
# expect: [-1.11216441809, 0.663556556924, 0.845654355982] -0.013538191237
# expect: 0.32383276483316237 2 y
# expect: True
# expect: 0.37701448538609916 -5
# expect: ValueError: empty range for randrange()
# expect: IndexError: Cannot choose from an empty sequence
