// ctypes and the process-level standard modules (ipaddress, resource,
// signal, threading, traceback; subprocess is module_subprocess.cpp): importable, as serving stacks'
// utility files import them at top level for helpers a kernel never calls
// (SGLang-JAX's common_utils). A Rungs program reaches no C library, process
// or thread, so each name used from them, as `ctypes.CDLL` or `from ctypes
// import c_int`, is refused where it is used (the unmodelled-module rule of
// ModuleObj attribute lookup, methods.cpp).
#include "core/python/modules.h"

namespace rungs::python {

void register_module_ctypes() {
  for (const char* name :
       {"ctypes", "ctypes.util", "ipaddress", "resource", "signal", "threading", "traceback"})
    Interpreter::register_module(name, [name](Interpreter&) {
      auto m = new_module(name);
      m->attrs["__rungs_unmodelled__"] = Value::boolean(true);
      return Value::object(m);
    });
}

}  // namespace rungs::python
