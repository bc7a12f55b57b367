#include "core/jax/modules.h"

#include "core/python/modules.h"

namespace rungs::jax {

void register_module_test_util();  // test_util_source.cpp (only called here)
void register_module_jax_src_extras();  // module_jax_src_extras.cpp
void register_module_jax_core();  // module_jax_core.cpp

void register_jax_modules() {
  static bool done = false;
  if (done) return;
  done = true;
  register_python_modules();
  install_jax_array_protocol();
  register_module_jax();
  register_module_tree_util();
  register_module_sharding();
  register_module_nn();
  register_module_lowering();
  register_module_jax_api();
  register_module_ad_checkpoint();
  register_module_custom_batching();
  register_module_shard_map();
  register_module_jax_private();
  register_module_jnp();
  register_module_lax();
  register_module_random();
  register_module_numpy();
  register_module_numpy_random();
  register_module_test_util();
  register_module_jax_src_extras();
  register_module_jax_core();
}

}  // namespace rungs::jax
