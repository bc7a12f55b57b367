# jax.config options read as attributes (and jax.config.read), at JAX's
# defaults; jax._src.config's states give .value and, called with a value,
# set the option for a with-block, as JAX's tests toggle
# jax_use_emit_pipeline_primitive.
import jax
from jax._src import config

print(jax.config.jax_use_emit_pipeline_primitive, config.use_emit_pipeline_primitive.value)  # expect: False False
with config.use_emit_pipeline_primitive(True):
    print(jax.config.read("jax_use_emit_pipeline_primitive"))  # expect: True
print(config.use_emit_pipeline_primitive.value, jax.config.x64_enabled)  # expect: False False
jax.config.update("jax_numpy_rank_promotion", "raise")
print(jax.config.jax_numpy_rank_promotion)  # expect: raise
