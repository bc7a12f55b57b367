# numpy.random's errors in NumPy's words.
import numpy as np
rs = np.random.RandomState(0)
rng = np.random.default_rng(0)
def show(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__ + ":", e)
show(lambda: rs.randint(5, 5))  # expect: ValueError: low >= high
show(lambda: rs.randint(0))  # expect: ValueError: high <= 0
show(lambda: rng.integers(5, 4, endpoint=True))  # expect: ValueError: low > high
show(lambda: rng.integers(0, -1, endpoint=True))  # expect: ValueError: high < 0
show(lambda: rs.randint(0, 2**40, dtype=np.int32))  # expect: ValueError: high is out of bounds for int32
show(lambda: rs.choice(5, 6, replace=False))  # expect: ValueError: Cannot take a larger sample than population when 'replace=False'
show(lambda: rng.choice(5, 6, replace=False))  # expect: ValueError: Cannot take a larger sample than population when replace is False
show(lambda: rs.choice(3, p=[0.5, 0.6, 0.1]))  # expect: ValueError: probabilities do not sum to 1
show(lambda: rng.choice(3, p=[0.5, 0.5]))  # expect: ValueError: a and p must have same size
show(lambda: rs.choice(3, p=[0.5, 0.5]))  # expect: ValueError: 'a' and 'p' must have same size
show(lambda: rng.choice(3, p=[1.5, -0.5, 0.0]))  # expect: ValueError: probabilities are not non-negative
show(lambda: rs.choice(3, 2, replace=False, p=[1.0, 0.0, 0.0]))  # expect: ValueError: Fewer non-zero entries in p than size
show(lambda: rs.choice(0))  # expect: ValueError: a must be greater than 0 unless no samples are taken
show(lambda: rng.choice(0))  # expect: ValueError: a must be a positive integer unless no samples are taken
show(lambda: rs.choice([]))  # expect: ValueError: 'a' cannot be empty unless no samples are taken
show(lambda: rng.choice([]))  # expect: ValueError: a cannot be empty unless no samples are taken
show(lambda: rs.choice([[1, 2]], 3))  # expect: ValueError: a must be 1-dimensional
show(lambda: rs.rand(2, -3))  # expect: ValueError: negative dimensions are not allowed
show(lambda: rng.random(-1))  # expect: ValueError: negative dimensions are not allowed
show(lambda: rs.seed(-1))  # expect: ValueError: Seed must be between 0 and 2**32 - 1
show(lambda: rs.seed([]))  # expect: ValueError: Seed must be non-empty
show(lambda: rs.seed([[1, 2]]))  # expect: ValueError: Seed array must be 1-d
show(lambda: np.random.default_rng(-1))  # expect: ValueError: expected non-negative integer
show(lambda: rs.normal(0.0, -1.0))  # expect: ValueError: scale < 0
show(lambda: rng.normal(0.0, -1.0))  # expect: ValueError: scale < 0
show(lambda: rng.random(dtype=np.int32))  # expect: TypeError: Unsupported dtype dtype('int32') for random
show(lambda: rs.permutation(3.0))  # expect: IndexError: x must be an integer or at least 1-dimensional
show(lambda: rs.shuffle(3))  # expect: TypeError: object of type 'int' has no len()
np.random.choice(4, 5, replace=False)  # expect error: ValueError: Cannot take a larger sample than population when 'replace=False'
