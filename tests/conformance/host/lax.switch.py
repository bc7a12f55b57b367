from jax import lax
branches = [lambda x: x, lambda x: x * 10, lambda x: x * 100]
print(lax.switch(1, branches, 3))  # expect: 30
print(lax.switch(7, branches, 3), lax.switch(-5, branches, 3))  # expect: 300 3
lax.switch(1.0, branches, 3)  # expect error: TypeError: Index type must be an integer, got 1.0 as float32
