// types: the names harness code reaches for -- SimpleNamespace (an attribute
// bag for configs), written in Python as CPython 3.11 behaves.
#include "core/python/modules.h"

namespace rungs::python {

namespace {
const char* const kTypesSource = R"PY(
class SimpleNamespace:
    def __init__(self, *args, **kwargs):
        if args:
            raise TypeError("no positional arguments expected")
        for name, value in kwargs.items():
            setattr(self, name, value)

    def __repr__(self):
        items = ", ".join(f"{name}={value!r}" for name, value in self.__dict__.items())
        return f"namespace({items})"

    def __eq__(self, other):
        if isinstance(other, SimpleNamespace):
            return self.__dict__ == other.__dict__
        return NotImplemented


class UnionType:
    # What `int | str` makes at run time; here only a name to import and
    # test against (isinstance(t, UnionType) is False for every value).
    pass
)PY";
}  // namespace

void register_module_types() {
  Interpreter::register_module("types", [](Interpreter& ip) { return ip.define_generated_module("types", kTypesSource, {}); });
}

}  // namespace rungs::python
