#include "core/python/modules.h"

namespace rungs::python {

std::shared_ptr<ModuleObj> new_module(const std::string& name) { return std::make_shared<ModuleObj>(name); }

void def(ModuleObj& module, const std::string& name, BuiltinFn fn) {
  module.attrs[name] = Value::object(std::make_shared<BuiltinObj>(module.name + "." + name, std::move(fn)));
}

void def_value(ModuleObj& module, const std::string& name, Value value) { module.attrs[name] = std::move(value); }

void def_signature(ModuleObj& module, const std::string& name, std::vector<std::string> params,
                   size_t required, SignatureFn fn, bool rest) {
  auto names = std::make_shared<const std::vector<std::string>>(std::move(params));
  def(module, name, [name, names, required, fn, rest](Interpreter& ip, CallArgs& c) {
    Args a(c, name, *names, required, rest);
    return fn(ip, a);
  });
}

// module_unittest.cpp (declared here: only this file calls it).
void register_module_unittest();
void register_module_unittest_mock();  // module_unittest_mock.cpp
void register_module_asyncio();        // coroutines.cpp
void register_module_absl();  // module_absl.cpp
void register_module_builtins();  // module_builtins.cpp
void register_module_gc();    // module_gc.cpp
void register_module_hypothesis();  // module_hypothesis.cpp
void register_module_subprocess();  // module_subprocess.cpp

void register_python_modules() {
  static bool done = false;
  if (done) return;
  done = true;
  register_module_math();
  register_module_functools();
  register_module_typing();
  register_module_bytes();
  register_module_collections();
  register_module_dataclasses();
  register_module_itertools();
  register_module_operator();
  register_module_os_sys();
  register_module_time();
  register_module_contextlib();
  register_module_text();
  register_module_re();
  register_module_enum();
  register_module_types();
  register_module_logging();
  register_module_inspect();
  register_module_abc();
  register_module_json();
  register_module_random();
  register_module_copy();
  register_module_heapq_bisect();
  register_module_importlib();
  register_module_argparse();
  register_module_array();
  register_module_gzip();
  register_module_filesystem();
  register_module_statistics();
  register_module_unittest();
  register_module_unittest_mock();
  register_module_asyncio();
  register_module_absl();
  register_module_builtins();
  register_module_gc();
  register_module_ctypes();
  register_module_hypothesis();
  register_module_subprocess();
}

Value registered_error_raiser() {
  return make_builtin("_raise_error", [](Interpreter& ip, CallArgs& call) -> Value {
    std::string name = call.positional.empty() ? "" : ip.str(call.positional[0]);
    for (const ErrorInfo& info : all_errors()) {
      if (info.name != name) continue;
      std::vector<std::string> args;
      for (size_t i = 1; i < call.positional.size(); ++i) args.push_back(ip.str(call.positional[i]));
      throw EngineError(info.id, std::string(info.type), format_error(info.text, args), call.where);
    }
    raise(ErrorId::library_raise_unknown, call.where, name);
  });
}

}  // namespace rungs::python
