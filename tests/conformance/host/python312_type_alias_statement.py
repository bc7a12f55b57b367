# Python 3.12's `type` statement (PEP 695), as MaxText's kernel modules use
# it for the names of their configuration types. CPython 3.11 (which
# check_cpython runs) rejects it, so this program lives with the host
# programs; the expectations are CPython 3.12's behaviour.
from typing import Literal

import jax
import jax.numpy as jnp

type Implementation = Literal["mosaic", "xla"]
type KernelInputs = tuple[jax.Array, jax.Array]
type Pending = list[LaterClass]  # evaluated only when __value__ is read

print(Implementation, type(Implementation).__name__)  # expect: Implementation TypeAliasType
print(KernelInputs.__value__)  # expect: tuple[jax.Array, jax.Array]


class LaterClass:
    pass


print(Pending.__value__)  # expect: list[__main__.LaterClass]
print(KernelInputs | None)  # expect: KernelInputs | None


def scale(inputs: KernelInputs, impl: Implementation = "mosaic") -> jax.Array:
    x, s = inputs
    return x * s


print(scale((jnp.arange(3.0), jnp.float32(2))))  # expect: [0. 2. 4.]
type = "still a name"  # `type` stays usable as an identifier
print(type)  # expect: still a name
