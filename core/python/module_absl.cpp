// absl, absl.testing, absl.testing.absltest, absl.testing.parameterized
// (absl_testing_source.cpp) and the small part of absl.flags test files
// touch: FLAGS with DEFINE_* giving holders whose .value is the default
// (a Rungs program has no command line to parse).
#include "core/python/modules.h"

namespace rungs::python {

extern const char* const kAbsltestSource;       // absl_testing_source.cpp
extern const char* const kParameterizedSource;  // absl_testing_source.cpp

namespace {

const char* const kFlagsSource = R"PY(
class FlagHolder:
    def __init__(self, name, default):
        self.name = name
        self.value = default
        self.default = default
        self.present = False


class FlagValues:
    def __init__(self):
        self.__dict__['_flags'] = {}

    def __getattr__(self, name):
        flags = self.__dict__['_flags']
        if name not in flags:
            raise AttributeError(name)
        return flags[name].value

    def __setattr__(self, name, value):
        self.__dict__['_flags'][name].value = value

    def __contains__(self, name):
        return name in self.__dict__['_flags']

    def is_parsed(self):
        return True

    def __call__(self, argv):
        return list(argv)


FLAGS = FlagValues()


def _define(name, default, help=None, *args, **kwargs):
    holder = FlagHolder(name, default)
    FLAGS.__dict__['_flags'][name] = holder
    return holder


DEFINE_string = _define
DEFINE_integer = _define
DEFINE_float = _define
DEFINE_bool = _define
DEFINE_boolean = _define
DEFINE_enum = _define
DEFINE_list = _define
DEFINE_multi_string = _define
DEFINE_multi_integer = _define
)PY";

}  // namespace

void register_module_absl() {
  Interpreter::register_module("absl", [](Interpreter&) { return Value::object(new_module("absl")); });
  Interpreter::register_module("absl.testing", [](Interpreter&) { return Value::object(new_module("absl.testing")); });
  Interpreter::register_module("absl.testing.absltest", [](Interpreter& ip) {
    return ip.define_generated_module("absl.testing.absltest", kAbsltestSource, {});
  });
  Interpreter::register_module("absl.testing.parameterized", [](Interpreter& ip) {
    return ip.define_generated_module("absl.testing.parameterized", kParameterizedSource, {});
  });
  Interpreter::register_module("absl.flags", [](Interpreter& ip) {
    return ip.define_generated_module("absl.flags", kFlagsSource, {});
  });
}

}  // namespace rungs::python
