# Host lax.cond/switch check their branches as JAX does when it traces
# them: both branches run (once each, true_fun first) and must return the
# same pytree structure and the same types (weak types aside), with
# conditionals.py's _check_branch_outputs texts; the chosen branch's value
# is the result.
import jax
import jax.numpy as jnp
from jax import lax


def doubled(x):
    print("tracing doubled")
    return x * 2.0


def halved(x):
    print("tracing halved")
    return x / 2.0


print(lax.cond(False, doubled, halved, jnp.ones(3)))  # expect: tracing doubled
# expect: tracing halved
# expect: [0.5 0.5 0.5]
print(lax.cond(True, lambda x: 1.0, lambda x: x.sum(), jnp.ones(2)))  # expect: 1.0


def as_int(x):
    return jnp.int32(0)


try:
    lax.cond(True, lambda x: x * 2.0, as_int, jnp.ones(3))
except TypeError as e:
    lines = str(e).splitlines()
    print(lines[0])  # expect: cond branches must have equal output types but they differ.
    print(lines[3].split(" at ")[0])  # expect: false_fun is as_int
    print(lines[5])  # expect: The output of true_fun has type float32[3] but the corresponding output of false_fun has type int32[], so the dtypes do not match, and the shapes do not match.
    print(lines[7])  # expect: Revise true_fun and/or false_fun so that all output types match.

try:
    lax.cond(True, lambda x: (x, x.sum()), lambda x: x, jnp.ones(3))
except TypeError as e:
    lines = str(e).splitlines()
    print(lines[0])  # expect: cond branch outputs must have the same pytree structure, but they differ:
    print(lines[5])  # expect: true_fun output is a <class 'tuple'> but false_fun output is a pytree leaf, so their Python types differ.
    print(lines[7])  # expect: Revise true_fun and/or false_fun so that they have the same pytree structure.

try:
    lax.cond(True, lambda x: {"m": x, "s": x}, lambda x: {"m": x, "s": x.astype(jnp.bfloat16)}, jnp.ones(2))
except TypeError as e:
    print(str(e).splitlines()[5])  # expect: The output of true_fun at path ['s'] has type float32[2] but the corresponding output of false_fun has type bfloat16[2], so the dtypes do not match.

try:
    lax.switch(1, [lambda x: x, lambda x: x[:1], lambda x: x.astype(jnp.int32)], jnp.ones(2))
except TypeError as e:
    lines = str(e).splitlines()
    print(lines[0], "|", lines[3].split(" at ")[0])  # expect: switch branches must have equal output types but they differ. | branch1 is <lambda>
    print(lines[5])  # expect: The output of branch 0 has type float32[2] but the corresponding output of branch1 has type float32[1], so the shapes do not match.

try:
    jax.vmap(lambda p, x: lax.cond(p, lambda v: v, lambda v: v.astype(jnp.int32), x))(jnp.array([True, False]), jnp.ones(2))
except TypeError as e:
    print(str(e).splitlines()[5])  # expect: The output of true_fun has type float32[] but the corresponding output of false_fun has type int32[], so the dtypes do not match.
print(jax.vmap(lambda p, x: lax.cond(p, lambda v: v * 2.0, lambda v: v - 1.0, x))(jnp.array([True, False]), jnp.ones(2)))  # expect: [2. 0.]

lax.cond(jnp.array(True), lambda: (1.0, 2.0), lambda: [1.0, 2.0])  # expect error: TypeError: cond branch outputs must have the same pytree structure, but they differ:...
