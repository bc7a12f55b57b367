// ctypes: importable, as library files import it at top level for helpers a
// kernel never calls (SGLang-JAX's utils read process memory through it).
// A Rungs program reaches no C library, so each name used from it, as
// `ctypes.CDLL` or `from ctypes import c_int`, is refused where it is used
// (the unmodelled-module rule of ModuleObj attribute lookup, methods.cpp).
#include "core/python/modules.h"

namespace rungs::python {

void register_module_ctypes() {
  for (const char* name : {"ctypes", "ctypes.util"})
    Interpreter::register_module(name, [name](Interpreter&) {
      auto m = new_module(name);
      m->attrs["__rungs_unmodelled__"] = Value::boolean(true);
      return Value::object(m);
    });
}

}  // namespace rungs::python
