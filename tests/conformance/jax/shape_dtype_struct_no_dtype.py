# jax.ShapeDtypeStruct needs a dtype: None is refused with JAX's text
# (shapes with a None dimension are refused likewise).
import jax

jax.ShapeDtypeStruct((2, 3), None)  # expect error: ValueError: ShapeDtypeStruct: dtype must be specified.
