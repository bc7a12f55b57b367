# lax.scan run backwards (a discounted return, as RL code computes it from
# the last reward) and with no xs at all, only a length (an iterated map),
# plus unroll, which changes nothing a program can see.
import jax.numpy as jnp
from jax import lax


def discount(ret, reward):
    ret = reward + 0.5 * ret
    return ret, ret


rewards = jnp.array([1.0, 2.0, 4.0, 8.0])
total, returns = lax.scan(discount, 0.0, rewards, reverse=True)
print(total, returns)  # expect: 4.0 [4. 6. 8. 8.]
print(lax.scan(discount, 0.0, rewards, reverse=True, unroll=2)[1])  # expect: [4. 6. 8. 8.]
print(lax.scan(discount, 0.0, rewards, unroll=True)[1])  # expect: [ 1.     2.5    5.25  10.625]


def collatz(n, _):
    n = jnp.where(n % 2 == 0, n // 2, 3 * n + 1)
    return n, n


last, path = lax.scan(collatz, jnp.int32(6), None, length=8)
print(last, path)  # expect: 1 [ 3 10  5 16  8  4  2  1]

# Reversed with only a length: step k writes row length-1-k.
print(lax.scan(lambda c, _: (c * 2, c), 1, length=4, reverse=True))
# expect: (Array(16, dtype=int32, weak_type=True), Array([8, 4, 2, 1], dtype=int32, weak_type=True))

# length agrees with the xs; a zero-length scan returns init and empty ys.
print(lax.scan(discount, 0.0, rewards, length=4)[0])  # expect: 10.625
c, ys = lax.scan(discount, 1.0, jnp.zeros((0,)))
print(c, ys.shape, ys.dtype)  # expect: 1.0 (0,) float32
