// builtins: the module behind every program's built-in names, for files that
// reach them explicitly (builtins.print, isinstance(x, builtins.int),
// getattr(builtins, name)). Its attributes are the same objects the names
// are bound to; assigning to one does not rebind the built-in name.
#include "core/python/modules.h"

namespace rungs::python {

void register_module_builtins() {
  Interpreter::register_module("builtins", [](Interpreter&) {
    auto m = new_module("builtins");
    for (const auto& [name, value] : builtins_table()) m->attrs[name] = value;
    return Value::object(m);
  });
}

}  // namespace rungs::python
