# A custom_vjp backward rule must return one cotangent per differentiated
# argument, as a tuple (a list of the right length is accepted, None means
# zeros); anything else is JAX's TypeError, raised on the way back.
import jax
import jax.numpy as jnp


@jax.custom_vjp
def product(x, y):
    return x * y


def product_fwd(x, y):
    return x * y, (x, y)


product.defvjp(product_fwd, lambda res, g: [g * res[1], None])
print(jax.grad(product, argnums=(0, 1))(2.0, 3.0))  # expect: (Array(3., dtype=float32, weak_type=True), Array(0., dtype=float32, weak_type=True))

product.defvjp(product_fwd, lambda res, g: (g * res[1],))  # one cotangent for two arguments
jax.grad(product)(2.0, 3.0)  # expect error: TypeError: Custom VJP bwd rule must produce an output with the same container (pytree) structure as the args tuple of the primal function, and in particular must produce a tuple of length equal to the number of arguments to the primal function, but got bwd output structure PyTreeDef((*,)) for primal input structure PyTreeDef((*, *)).
