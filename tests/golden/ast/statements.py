# Every statement form of the subset.
import jax.numpy as jnp, math as m
from jax import lax
from functools import (partial as p, reduce,)
x: int = 3
y: float
a = b = 1; c, *d = [1, 2, 3]
e, (f, g) = 1, (2, 3)
a += 1; a -= 1; a *= 2; a /= 2; a //= 2; a %= 7; a **= 2; a @= a
a <<= 1; a >>= 1; a &= 3; a |= 4; a ^= 5
del c, d[0]
if a: pass
elif b:
  pass
else:
  a = 0
for i, (j, k) in enumerate([(1, 2)]):
  if i: continue
  break
else:
  pass
while False:
  pass
else:
  a = 1
try:
  raise ValueError("x") from None
except (ValueError, TypeError) as err:
  pass
except KeyError:
  raise
except:
  pass
else:
  pass
finally:
  pass
with open("f") as fh, open("g"):
  pass
with (open("f") as fh,
      open("g") as gh):
  pass
assert a, "message"
def outer(p0, /, p1, p2=2, *args, k1, k2=3, **kw):
  global x
  total = 0
  def inner():
    nonlocal total
    total += 1
    return total
  return inner
