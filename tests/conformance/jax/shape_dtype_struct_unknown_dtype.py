# jax.ShapeDtypeStruct converts its dtype with np.dtype: an unknown name is
# refused in NumPy's words, the name quoted once.
import jax

jax.ShapeDtypeStruct((2, 3), "float33")  # expect error: TypeError: data type 'float33' not understood
