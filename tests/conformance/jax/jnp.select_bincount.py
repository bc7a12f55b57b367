# jnp.select (the first true condition wins, default elsewhere) and
# bincount (negatives clipped to bin 0, values past length= dropped), as
# piecewise activations and expert-load counters use them.
import jax
import jax.numpy as jnp

x = jnp.array([-2.0, -0.5, 0.5, 2.0])
print(jnp.select([x < -1, x < 1], [jnp.zeros_like(x), x * 0.5], default=1.0))  # expect: [ 0.   -0.25  0.25  1.  ]
print(jnp.select([x > 0], [jnp.array([1, 2, 3, 4])]))  # expect: [0 0 3 4]
experts = jnp.array([1, 1, 2, 3, 3, 3])
print(jnp.bincount(experts), jnp.bincount(experts, length=5))  # expect: [0 2 1 3] [0 2 1 3 0]
print(jnp.bincount(jnp.array([-1, -1, 1, 3, 10]), length=5))  # expect: [2 1 0 1 0]
print(jnp.bincount(experts, weights=jnp.array([0.5, 0.5, 1.0, 1.0, 1.0, 2.0])))  # expect: [0. 1. 1. 4.]
print(jax.jit(lambda e: jnp.bincount(e, length=4))(experts))  # expect: [0 2 1 3]
try:
    jnp.select([x > 0], [x, x])
except ValueError as e:
    print(e)  # expect: condlist must have length equal to choicelist (1 vs 2)
try:
    jnp.bincount(experts, weights=jnp.ones(3))
except ValueError as e:
    print(e)  # expect: type of weights must match type of x. Got typeof(x)=i32[6] and typeof(weights)=f32[3]
jnp.bincount(jnp.array([0.5, 1.0]))  # expect error: TypeError: x argument to bincount must have an integer type; got float32
