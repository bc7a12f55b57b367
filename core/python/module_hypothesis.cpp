// hypothesis, hypothesis.errors, hypothesis.strategies and
// hypothesis.extra.numpy: the property-testing package JAX's tests import,
// written in Python (hypothesis_source.cpp, hypothesis_strategies_source.cpp,
// hypothesis_numpy_source.cpp). A module that needs a sibling gets it as a
// preset name rather than importing it, since the package's own module is
// cached only after its body runs.
#include "core/python/modules.h"

namespace rungs::python {

extern const char* const kHypothesisErrorsSource;      // hypothesis_source.cpp
extern const char* const kHypothesisSource;            // hypothesis_source.cpp
extern const char* const kHypothesisStrategiesSource;  // hypothesis_strategies_source.cpp
extern const char* const kHypothesisNumpySource;       // hypothesis_numpy_source.cpp

void register_module_hypothesis() {
  Interpreter::register_module("hypothesis.errors", [](Interpreter& ip) {
    return ip.define_generated_module("hypothesis.errors", kHypothesisErrorsSource, {}, true);
  });
  Interpreter::register_module("hypothesis.strategies", [](Interpreter& ip) {
    return ip.define_generated_module("hypothesis.strategies", kHypothesisStrategiesSource, {}, true);
  });
  Interpreter::register_module("hypothesis", [](Interpreter& ip) {
    Value errors = ip.import_module("hypothesis.errors", {});
    Value strategies = ip.import_module("hypothesis.strategies", {});
    Value m = ip.define_generated_module("hypothesis", kHypothesisSource, {{"errors", errors}, {"strategies", strategies}});
    m.as<ModuleObj>().attrs["errors"] = errors;
    m.as<ModuleObj>().attrs["strategies"] = strategies;
    // A release new enough for JAX's hypothesis_is_thread_safe() (>= 6.136.9).
    m.as<ModuleObj>().attrs["__version__"] = make_str("6.140.0");
    return m;
  });
  Interpreter::register_module("hypothesis.extra", [](Interpreter&) {
    return Value::object(new_module("hypothesis.extra"));
  });
  Interpreter::register_module("hypothesis.extra.numpy", [](Interpreter& ip) {
    Value strategies = ip.import_module("hypothesis.strategies", {});
    return ip.define_generated_module("hypothesis.extra.numpy", kHypothesisNumpySource, {{"strategies", strategies}});
  });
}

}  // namespace rungs::python
