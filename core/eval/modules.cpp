#include "core/eval/modules.h"

namespace rungs::eval {

std::shared_ptr<ModuleObj> new_module(const std::string& name) { return std::make_shared<ModuleObj>(name); }

void def(ModuleObj& module, const std::string& name, BuiltinFn fn) {
  module.attrs[name] = Value::object(std::make_shared<BuiltinObj>(module.name + "." + name, std::move(fn)));
}

void def_value(ModuleObj& module, const std::string& name, Value value) { module.attrs[name] = std::move(value); }

void register_eval_modules() {
  static bool done = false;
  if (done) return;
  done = true;
  register_module_jax();
  register_module_jnp();
  register_module_lax();
  register_module_random();
  register_module_numpy();
  register_module_math();
  register_module_functools();
}

}  // namespace rungs::eval
