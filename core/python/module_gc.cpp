// gc: the calls test files make between kernels (gc.collect() before
// checking what is still alive). Rungs frees values by reference count and
// collects cycles itself, so collect() finds nothing more: it returns 0.
#include "core/python/modules.h"

namespace rungs::python {

void register_module_gc() {
  Interpreter::register_module("gc", [](Interpreter&) {
    auto m = new_module("gc");
    def_signature(*m, "collect", {"generation"}, 0, [](Interpreter&, const Args&) { return Value::integer(0); });
    def_signature(*m, "disable", {}, 0, [](Interpreter&, const Args&) { return Value::none(); });
    def_signature(*m, "enable", {}, 0, [](Interpreter&, const Args&) { return Value::none(); });
    def_signature(*m, "isenabled", {}, 0, [](Interpreter&, const Args&) { return Value::boolean(true); });
    return Value::object(m);
  });
}

}  // namespace rungs::python
