// Internal jax._src modules JAX's own test files import by name:
// jax._src.pallas.mosaic.random (the TPU PRNG functions pltpu exports),
// jax._src.pallas.pallas_test_util, and jax._src.hypothesis_test_util (over
// the engine's `hypothesis`, core/python/module_hypothesis.cpp). (jax._src.util and
// jax._src.shard_map: module_jax_private.cpp.)
#include "core/python/exceptions.h"
#include "core/python/modules.h"

namespace rungs::jax {

namespace {


const char* const kPallasRandomSource = R"PY(
from jax.experimental.pallas import tpu as _pltpu

prng_seed = _pltpu.prng_seed
prng_random_bits = _pltpu.prng_random_bits
stateful_uniform = _pltpu.stateful_uniform
stateful_normal = _pltpu.stateful_normal
stateful_bernoulli = _pltpu.stateful_bernoulli
to_pallas_key = _pltpu.to_pallas_key
sample_block = _pltpu.sample_block


def unwrap_pallas_seed(seed):
    raise NotImplementedError("jax._src.pallas.mosaic.random.unwrap_pallas_seed is not supported by Rungs")
)PY";

// JAX's Pallas test base classes: INTERPRET tests run on the CPU host only,
// the others on the accelerator only (TPU for PallasTPUTest), and
// self.pallas_call passes interpret=self.INTERPRET.
const char* const kPallasTestUtilSource = R"PY(
from jax._src import test_util as _jtu
from jax.experimental import pallas as _pl


@_jtu.with_config(jax_traceback_filtering="off")
class PallasTest(_jtu.JaxTestCase):
    INTERPRET = False

    def setUp(self):
        if not _jtu.test_device_matches(['cpu']) and self.INTERPRET:
            self.skipTest('Only run interpret tests on CPU.')
        if not self.INTERPRET and _jtu.test_device_matches(["cpu"]):
            self.skipTest("On CPU the test works only in interpret mode")
        super().setUp()

    def pallas_call(self, *args, **kwargs):
        return _pl.pallas_call(*args, **kwargs, interpret=self.INTERPRET)


class PallasTPUTest(PallasTest):
    def setUp(self):
        if not _jtu.test_device_matches(['tpu']) and not self.INTERPRET:
            self.skipTest('Test requires TPUs')
        super().setUp()
)PY";

// jax._src.state.utils.bitcast: JAX's TPU-layout bitcast of an array
// (second-minor dimension scaled by the bitwidth ratio), which JAX's tests
// compute their expected values with; written as JAX's over
// lax.bitcast_convert_type. Its other names are not modelled.
const char* const kStateUtilsSource = R"PY(
import functools
import jax
from jax import lax
from jax._src import dtypes as _dtypes


def bitcast(x, dtype):
    x_bitwidth = _dtypes.itemsize_bits(x.dtype)
    y_bitwidth = _dtypes.itemsize_bits(dtype)
    shape = list(x.shape)
    if x_bitwidth != y_bitwidth:
        if len(shape) < 2:
            raise NotImplementedError("Bitcast 1D ref with bitwidth change is not supported.")
        if shape[-2] * x_bitwidth % y_bitwidth != 0:
            raise ValueError("Expected input and output shapes are the same after multiplying"
                             " the second-minor dimension by the bitwidths.")
    shape[-2] = shape[-2] * x_bitwidth // y_bitwidth
    if x_bitwidth < y_bitwidth:
        ratio = y_bitwidth // x_bitwidth
        x = x.reshape(*x.shape[:-2], x.shape[-2] // ratio, ratio, -1).swapaxes(-1, -2)
    y = lax.bitcast_convert_type(x, dtype)
    if x_bitwidth > y_bitwidth:
        y = y.swapaxes(-1, -2).reshape(shape)
    return y


def eval_bitcast_shape(x, dtype):
    return jax.eval_shape(functools.partial(bitcast, dtype=dtype), jax.ShapeDtypeStruct.like(x)).shape
)PY";

// jax._src.hypothesis_test_util: JAX's profiles ("deterministic": derandomized,
// no deadline, max_examples from the test file; "interactive": one example)
// chosen by JAX_HYPOTHESIS_PROFILE, and its sharded test case and loader. A
// Rungs run is one process on one thread, so there is nothing to shard: the
// case and loader are JAX's plain ones.
const char* const kHypothesisTestUtilSource = R"PY(
import os as _os
import hypothesis as _hp
from jax._src import test_util as _jtu

HYPOTHESIS_PROFILE_NAME = _os.getenv("JAX_HYPOTHESIS_PROFILE", "deterministic")


class HypothesisShardedTestCase(_jtu.JaxTestCase):
    _thread_shard_index = 0
    _thread_total_shards = 1


class HypothesisShardedTestLoader(_jtu.JaxTestLoader):
    pass


def hypothesis_is_thread_safe():
    return tuple(int(x) for x in _hp.__version__.split(".")) >= (6, 136, 9)


def setup_hypothesis(max_examples=30):
    suppressed_checks = [_hp.HealthCheck.differing_executors]
    _hp.settings.register_profile(
        "deterministic", database=None, derandomize=True, deadline=None,
        max_examples=max_examples, print_blob=True, suppress_health_check=suppressed_checks)
    _hp.settings.register_profile(
        "interactive", parent=_hp.settings.load_profile("deterministic"), max_examples=1,
        report_multiple_bugs=False, verbosity=_hp.Verbosity.verbose,
        phases=(_hp.Phase.explicit, _hp.Phase.reuse, _hp.Phase.generate, _hp.Phase.target, _hp.Phase.explain))
    _hp.settings.load_profile(HYPOTHESIS_PROFILE_NAME)
)PY";

}  // namespace

void register_module_jax_src_extras() {
  using python::Interpreter;
  Interpreter::register_module("jax._src.state.utils", [](Interpreter& ip) {
    python::Value m = ip.define_generated_module("jax._src.state.utils", kStateUtilsSource, {});
    m.as<python::ModuleObj>().attrs["__rungs_unmodelled__"] = python::Value::boolean(true);
    return m;
  });
  Interpreter::register_module("jax._src.pallas.pallas_test_util", [](Interpreter& ip) {
    return ip.define_generated_module("jax._src.pallas.pallas_test_util", kPallasTestUtilSource, {});
  });
  Interpreter::register_module("jax._src.pallas.mosaic.random", [](Interpreter& ip) {
    return ip.define_generated_module("jax._src.pallas.mosaic.random", kPallasRandomSource, {});
  });
  // JAX internals tpu_pallas_test.py imports whose contents Rungs does not
  // model: importing them works, and each name used from them is a located
  // NotImplementedError ("jax.api_util.flatten_fun is not supported by
  // Rungs"), so the tests and kernel files that do not touch them run.
  for (const char* name : {"jax.api_util", "jax._src.flattree", "jax._src.interpreters", "jax._src.interpreters.partial_eval",
                           "jax.experimental.mesh_utils", "jax.experimental.mosaic",
                           "jax.experimental.mosaic.dialects", "jax.experimental.mosaic.dialects.tpu",
                           // The GPU back ends: kernel files that pick a back end by platform import
                           // both; Rungs models TPUs, so only the GPU names they use fail
                           // (jax.experimental.mosaic.gpu: module_jax_core.cpp).
                           "jax.experimental.pallas.triton", "jax.experimental.pallas.mosaic_gpu",
                           // Imported at the top of JAX's hypothesis-based Pallas tests
                           // (ops_test, tpu_pallas_pipeline_test, indexing_test,
                           // tpu_sparsecore_pallas_test) and used inside some of their tests.
                           "jax._src.state.indexing", "jax._src.pallas.primitives", "jax._src.pallas.mpmd",
                           "jax._src.pallas.mosaic.sc_core"}) {
    Interpreter::register_module(name, [name](Interpreter&) {
      auto m = python::new_module(name);
      m->attrs["__rungs_unmodelled__"] = python::Value::boolean(true);
      return python::Value::object(m);
    });
  }
  // pin/unpin (pinned buffers) are imported by name at the top of
  // tpu_pallas_state_test.py: importable, refused when called.
  Interpreter::register_module("jax._src.state.primitives", [](Interpreter&) {
    auto m = python::new_module("jax._src.state.primitives");
    for (const char* name : {"pin", "unpin"}) {
      std::string dotted = std::string("jax._src.state.primitives.") + name;
      m->attrs[name] = python::make_builtin(name, [dotted](Interpreter&, python::CallArgs& call) -> python::Value {
        raise(ErrorId::unsupported_feature, call.where, dotted);
      });
    }
    m->attrs["__rungs_unmodelled__"] = python::Value::boolean(true);
    return python::Value::object(m);
  });
  // error_handling.MosaicError: the class the chip model raises Mosaic's
  // compile errors with (exceptions.cpp); the module's other names are not
  // modelled.
  Interpreter::register_module("jax._src.pallas.mosaic.error_handling", [](Interpreter&) {
    auto m = python::new_module("jax._src.pallas.mosaic.error_handling");
    m->attrs["MosaicError"] = python::exception_class("MosaicError");
    m->attrs["__rungs_unmodelled__"] = python::Value::boolean(true);
    return python::Value::object(m);
  });
  Interpreter::register_module("jax._src.hypothesis_test_util", [](Interpreter& ip) {
    return ip.define_generated_module("jax._src.hypothesis_test_util", kHypothesisTestUtilSource, {});
  });
}

}  // namespace rungs::jax
