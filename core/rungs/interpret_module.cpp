// jax._src.pallas.mosaic.interpret (interpret_pallas_call, utils): the TPU
// interpreter's module JAX's tpu_pallas_interpret_test.py reads: its race
// detector's verdict on the last kernel (`races.races_found`, kept by the
// TPU rung in tpu_state.h) and utils.is_range_out_of_bounds_for_shape,
// written as JAX's. JAX's internal callbacks (`store` and the rest) are not
// modelled: reading one is a located NotImplementedError.
#include "core/rungs/install.h"
#include "core/rungs/tpu_state.h"
#include "core/python/interpreter.h"
#include "core/python/modules.h"

namespace rungs::exec {

namespace {

const char* const kInterpretPallasCallSource = R"PY(
class _Races:
    @property
    def races_found(self):
        return _races_found()


races = _Races()
)PY";

const char* const kInterpretUtilsSource = R"PY(
def is_range_out_of_bounds_for_shape(rnge, shape):
    for d, r in zip(shape, rnge, strict=True):
        if isinstance(r, int):
            assert 0 <= r
            if r >= d:
                return True
        elif isinstance(r, slice):
            assert r.start is not None and 0 <= r.start
            assert r.stop is not None and 0 <= r.stop
            if r.step is None:
                if r.stop > d:
                    return True
            else:
                assert 0 <= r.step
                num_elements_in_slice = (r.stop - r.start + r.step - 1) // r.step
                if num_elements_in_slice > 0:
                    last_index = r.start + (num_elements_in_slice - 1) * r.step
                    if last_index >= d:
                        return True
        else:
            raise ValueError(f"Unsupported range type: {type(r)}.")
    return False
)PY";

python::Value unmodelled(python::Value module) {
  module.as<python::ModuleObj>().attrs["__rungs_unmodelled__"] = python::Value::boolean(true);
  return module;
}

}  // namespace

void register_interpret_modules() {
  using python::Interpreter;
  Interpreter::register_module("jax._src.pallas.mosaic.interpret", [](Interpreter&) {
    return unmodelled(python::Value::object(python::new_module("jax._src.pallas.mosaic.interpret")));
  });
  Interpreter::register_module("jax._src.pallas.mosaic.interpret.interpret_pallas_call", [](Interpreter& ip) {
    python::Value races_found = python::make_builtin("_races_found", [](Interpreter& host, python::CallArgs&) {
      return python::Value::boolean(tpu_state(host).races_found);
    });
    return unmodelled(ip.define_generated_module("jax._src.pallas.mosaic.interpret.interpret_pallas_call",
                                                 kInterpretPallasCallSource, {{"_races_found", races_found}}));
  });
  Interpreter::register_module("jax._src.pallas.mosaic.interpret.utils", [](Interpreter& ip) {
    return unmodelled(ip.define_generated_module("jax._src.pallas.mosaic.interpret.utils", kInterpretUtilsSource, {}));
  });
}

}  // namespace rungs::exec
