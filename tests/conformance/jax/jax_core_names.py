# jax.core / jax._src.core at the depth JAX's own test files use them at
# module level: ShapedArray (what jax.typeof returns) built and updated by
# hand, a Primitive with an impl rule, and hijax.HiType subclassed by a
# frozen dataclass; a Primitive without an impl rule refuses with JAX's text.
import dataclasses

import jax
import jax.numpy as jnp
from jax import core
from jax._src import core as jax_core
from jax._src import hijax

aval = jax_core.ShapedArray((4, 128), jnp.float32)
print(aval, aval.update(shape=(2, 4, 128)), aval.size, aval.ndim)  # expect: float32[4,128] float32[2,4,128] 512 2
print(jax.typeof(jnp.ones((4, 128))) == aval, core.ShapedArray is jax_core.ShapedArray)  # expect: True True

double_p = jax_core.Primitive("double")
double_p.def_impl(lambda x: x * 2)
double_p.def_abstract_eval(lambda x: x)
print(double_p, double_p.bind(jnp.arange(3)))  # expect: double [0 2 4]


@dataclasses.dataclass(frozen=True)
class PairTy(hijax.HiType):
    first: jax_core.ShapedArray
    second: jax_core.ShapedArray

    def lo_ty(self):
        return [self.first, self.second]


hijax.register_hitype(tuple, lambda t: PairTy(jax.typeof(t[0]), jax.typeof(t[1])))
pair = PairTy(aval, jax_core.ShapedArray((1,), jnp.int32))
print(pair.lo_ty(), isinstance(pair, jax_core.AbstractValue))  # expect: [ShapedArray(float32[4,128]), ShapedArray(int32[1])] True

unimplemented_p = jax_core.Primitive("unimplemented")
unimplemented_p.bind(1.0)  # expect error: NotImplementedError: Evaluation rule for 'unimplemented' not implemented
