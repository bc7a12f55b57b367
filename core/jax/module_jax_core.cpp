// jax.core / jax._src.core and jax._src.hijax, at the depth JAX's own test
// files and kernels use them at module level: ShapedArray (jax.typeof's
// type), a Primitive whose bind runs its impl rule, the abstract-value base
// classes, and HiType / register_hitype to subclass and call. Rungs traces
// with its own IR, so jaxpr-level machinery (Trace, eval_jaxpr, hi-type
// lowering into pallas_call) is not here; a Primitive bound without an impl
// rule fails with JAX's text for that case. Also jax._src.checkify (the
// public module) and the GPU back ends' modules, which import on a TPU host
// as in JAX's wheel and whose contents are unmodelled.
#include "core/jax/modules.h"
#include "core/python/modules.h"

namespace rungs::jax {

namespace {

const char* const kCoreSource = R"PY(
import jax
from jax import stages as _stages

ShapedArray = _stages.ShapedArray
ensure_compile_time_eval = jax.ensure_compile_time_eval


class AbstractValue:
    pass


class Tracer:
    # Values Rungs traces are its own arrays; none is a jax.core.Tracer.
    pass


class Trace:
    pass


def get_aval(x):
    return jax.typeof(x)


class Primitive:
    multiple_results = False

    def __init__(self, name):
        self.name = name
        self.impl = None
        self.abstract_eval = None

    def __repr__(self):
        return self.name

    def def_impl(self, impl):
        self.impl = impl
        return impl

    def def_abstract_eval(self, abstract_eval):
        self.abstract_eval = abstract_eval
        return abstract_eval

    def def_effectful_abstract_eval(self, effectful_abstract_eval):
        self.abstract_eval = effectful_abstract_eval
        return effectful_abstract_eval

    def bind(self, *args, **params):
        if self.impl is None:
            raise NotImplementedError(f"Evaluation rule for '{self.name}' not implemented")
        return self.impl(*args, **params)
)PY";

const char* const kHijaxSource = R"PY(
from jax._src import core as _core

_hitypes = {}


class HiType(_core.AbstractValue):
    is_high = True

    def lo_ty(self):
        raise NotImplementedError(f"{type(self).__name__} must override lo_ty")

    def lower_val(self, hi_val):
        raise NotImplementedError(f"{type(self).__name__} must override lower_val")

    def raise_val(self, *lo_vals):
        raise NotImplementedError(f"{type(self).__name__} must override raise_val")


class HiPrimitive(_core.Primitive):
    def __init__(self, name):
        super().__init__(name)

    def is_high(self, *avals, **params):
        return True


def register_hitype(val_cls, typeof_fn):
    _hitypes[val_cls] = typeof_fn
)PY";

// jax.experimental.mosaic.gpu: what non-GPU tests call on it is the shared
// memory limit, a context manager that only GPU kernels read.
const char* const kMosaicGpuSource = R"PY(
import contextlib


class _Core:
    @staticmethod
    @contextlib.contextmanager
    def artificial_shared_memory_limit(limit):
        yield


core = _Core()
)PY";

}  // namespace

void register_module_jax_core() {
  using python::Interpreter;
  Interpreter::register_module("jax._src.core", [](Interpreter& ip) {
    return ip.define_generated_module("jax._src.core", kCoreSource, {});
  });
  Interpreter::register_module("jax.core", [](Interpreter& ip) { return ip.import_module("jax._src.core", {}); });
  Interpreter::register_module("jax._src.hijax", [](Interpreter& ip) {
    return ip.define_generated_module("jax._src.hijax", kHijaxSource, {});
  });
  Interpreter::register_module("jax._src.checkify", [](Interpreter& ip) {
    return ip.import_module("jax.experimental.checkify", {});
  });
  // Importable, as in JAX's TPU wheel; its names but the shared memory
  // limit are each a located NotImplementedError when used (the other GPU
  // back ends' modules: module_jax_src_extras.cpp).
  Interpreter::register_module("jax.experimental.mosaic.gpu", [](Interpreter& ip) {
    Value m = ip.define_generated_module("jax.experimental.mosaic.gpu", kMosaicGpuSource, {});
    m.as<python::ModuleObj>().attrs["__rungs_unmodelled__"] = python::Value::boolean(true);
    return m;
  });
}

}  // namespace rungs::jax
