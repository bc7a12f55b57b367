// The smaller top-level names of `jax` that published programs call around
// their kernels (make_jaxpr, eval_shape, device_get, pure_callback, debug.callback, typeof,
// P, clear_caches, new_ref/freeze, ...) and the jax.typing / jax.dtypes modules they import.
// Written in Python over jax.jit's staging (module_jax_transforms.cpp), as
// JAX writes them over its own; `jax` forwards each name here on first use,
// since this module imports jax.numpy and jax itself must load without it.
#include "core/jax/jnp_python_more.h"
#include "core/jax/modules.h"
#include "core/python/modules.h"

namespace rungs::jax {

namespace {

const char* const kApiSource = R"PY(
import jax
import jax.numpy as jnp
import numpy as np


def make_jaxpr(fun, static_argnums=(), axis_env=None, return_shape=False, abstracted_axes=None):
    jitted = jax.jit(fun, static_argnums=static_argnums)

    def make_jaxpr_f(*args, **kwargs):
        traced = jitted.trace(*args, **kwargs)
        if return_shape:
            return traced.jaxpr, traced.out_info
        return traced.jaxpr

    make_jaxpr_f.__name__ = "make_jaxpr(" + getattr(fun, "__name__", "fun") + ")"
    return make_jaxpr_f


def eval_shape(fun, *args, **kwargs):
    return jax.jit(fun).eval_shape(*args, **kwargs)


def _to_host(leaf):
    if isinstance(leaf, jax.Array):
        return np.asarray(leaf)
    return leaf


def device_get(x):
    return jax.tree_util.tree_map(_to_host, x)


def pure_callback(callback, result_shape_dtypes, *args, sharding=None, vmap_method=None, **kwargs):
    # The host runs the callback on NumPy values, as it does under jit, and
    # its results are checked as JAX's _wrapped_callback checks them.
    host_args = jax.tree_util.tree_map(_to_host, args)
    host_kwargs = jax.tree_util.tree_map(_to_host, kwargs)
    got_leaves = jax.tree_util.tree_leaves(callback(*host_args, **host_kwargs))
    want_leaves, want_tree = jax.tree_util.tree_flatten(result_shape_dtypes)
    if len(got_leaves) != len(want_leaves):
        raise RuntimeError("Mismatched number of outputs from callback. Expected: "
                           + str(len(want_leaves)) + ", Actual: " + str(len(got_leaves)))
    out = []
    for i, (want, got) in enumerate(zip(want_leaves, got_leaves)):
        value = jnp.asarray(np.asarray(got))
        if tuple(value.shape) != tuple(want.shape):
            raise RuntimeError("Incorrect output shape for return value #" + str(i) + ": Expected: "
                               + str(tuple(want.shape)) + ", Actual: " + str(tuple(value.shape)))
        if value.dtype != want.dtype:
            raise RuntimeError("Incorrect output dtype for return value #" + str(i) + ": Expected: "
                               + str(want.dtype) + ", Actual: " + str(value.dtype))
        out.append(value)
    return jax.tree_util.tree_unflatten(want_tree, out)


_debug_callbacks = []


def _is_dynamic(leaf):
    return isinstance(leaf, (jax.Array, np.ndarray, bool, int, float))


def debug_callback(callback=None, *args, ordered=False, partitioned=False, **kwargs):
    # JAX's split: leaves it can abstractify reach the callback as arrays,
    # the rest (strings, ...) as they are. In a kernel on rungs 1-2 the call
    # is recorded and runs at each grid step with that step's values; Mosaic
    # lowers debug_callback to nothing, so on the chip rung it never runs.
    if callback is None:
        if args or kwargs:
            raise TypeError("debug_callback received unexpected arguments in the two-call form:"
                            f" args={args} kwargs={kwargs}")
        return lambda cb, *a, **k: debug_callback(cb, *a, ordered=ordered, partitioned=partitioned, **k)
    if not callable(callback):
        raise TypeError("first argument to jax.debug.callback must be callable, "
                        f"but got an object of type {type(callback)}")
    leaves, tree = jax.tree_util.tree_flatten((args, kwargs))
    dynamic = [_is_dynamic(leaf) for leaf in leaves]
    if _in_kernel():
        if jax.default_backend() == "tpu":
            return None
        _debug_callbacks.append((callback, tree, leaves, dynamic))
        number = len(_debug_callbacks) - 1
        from jax.experimental import pallas as _pl
        _pl.debug_print("\x01debug_callback " + str(number), *[x for x, d in zip(leaves, dynamic) if d])
        return None
    values = [jnp.asarray(x) if d else x for x, d in zip(leaves, dynamic)]
    info = _batch_info([x for x, d in zip(values, dynamic) if d])
    if info is not None:
        # Under vmap, JAX's batching rule calls the callback once per
        # example, in order (each example may still be batched by an outer
        # vmap, which then loops in turn).
        size, flags = info
        it = iter(flags)
        batched = [next(it) if d else False for d in dynamic]
        stacked = [_stacked(x) if b else x for x, b in zip(values, batched)]
        for i in range(size):
            example = [x[i] if b else x for x, b in zip(stacked, batched)]
            cargs, ckwargs = jax.tree_util.tree_unflatten(tree, example)
            debug_callback(callback, *cargs, ordered=ordered, partitioned=partitioned, **ckwargs)
        return None
    cargs, ckwargs = jax.tree_util.tree_unflatten(tree, values)
    callback(*cargs, **ckwargs)
    return None


def debug_callback_run(number, *arrays):
    callback, tree, leaves, dynamic = _debug_callbacks[number]
    it = iter(arrays)
    values = [next(it) if d else x for x, d in zip(leaves, dynamic)]
    cargs, ckwargs = jax.tree_util.tree_unflatten(tree, values)
    callback(*cargs, **ckwargs)


def shape_dtype_struct_checks(shape, dtype):
    # core.ShapeDtypeStruct's own checks, before np.dtype sees the dtype.
    shape = tuple(shape)
    if any(s is None for s in shape):
        raise ValueError("`shape` passed to `ShapeDtypeStruct` cannot have "
                         f"None in it. Got shape={shape}")
    if dtype is None:
        raise ValueError("ShapeDtypeStruct: dtype must be specified.")


def typeof(x):
    if not isinstance(x, (jax.Array, np.ndarray, bool, int, float)):
        raise TypeError("Argument '" + str(x) + "' of type '" + str(type(x)) + "' is not a valid JAX type")
    a = jnp.asarray(x)
    text = str(a.dtype) + "[" + ",".join(str(d) for d in a.shape) + "]"
    return _stages.ShapedArray(a.shape, a.dtype, a.weak_type, text)


class Ref:
    # A mutable array outside kernels (jax.new_ref): reads and writes update
    # the value it holds; pl.core_map hands it to a kernel and back.
    def __init__(self, value):
        self._value = value

    shape = property(lambda self: self._value.shape)
    dtype = property(lambda self: self._value.dtype)
    ndim = property(lambda self: self._value.ndim)
    size = property(lambda self: self._value.size)

    def __len__(self):
        return len(self._value)

    def __getitem__(self, index):
        return self._value[index]

    def __setitem__(self, index, value):
        self._value = self._value.at[index].set(value)

    def get(self):
        return self._value

    def set(self, value):
        self._value = jnp.broadcast_to(jnp.asarray(value, self.dtype), self.shape)

    def __repr__(self):
        return "Ref(" + repr(self._value) + ")"


def _kernel_ref(shape, dtype, memory_space):
    # Inside a kernel body a new ref is a buffer of the kernel (VMEM unless
    # a memory space is given), allocated like its scratch.
    from jax.experimental import pallas as pl
    from jax.experimental.pallas import tpu as pltpu
    space = pltpu.VMEM if memory_space is None else memory_space
    return pl._kernel_ref(space(tuple(shape), dtype))


def new_ref(init_val, *, memory_space=None, kind=None, pin=False):
    if _in_kernel():
        value = jnp.asarray(init_val)
        ref = _kernel_ref(value.shape, value.dtype, memory_space)
        ref[...] = value
        return ref
    return Ref(jnp.array(init_val, copy=True))


def empty_ref(ty, memory_space=None, pin=False):
    if _in_kernel():
        return _kernel_ref(ty.shape, ty.dtype, memory_space)
    return Ref(jnp.zeros(ty.shape, ty.dtype))


def free_ref(ref):
    return ()


def freeze(ref):
    return ref._value


def _shard_coords(sharding, device, ndim):
    # Which block of each dimension `device` holds under a NamedSharding:
    # its mesh coordinates, combined over the mesh axes the spec names for
    # that dimension (mixed radix, first axis most significant).
    mesh, spec = sharding.mesh, sharding.spec._parts
    names = list(mesh.axis_names)
    sizes = [mesh.shape[n] for n in names]
    flat = [d.id for d in mesh.devices].index(device.id)
    coords = {}
    for name, size in reversed(list(zip(names, sizes))):
        coords[name] = flat % size
        flat //= size
    blocks, counts = [], []
    for d in range(ndim):
        entry = spec[d] if d < len(spec) else None
        axes = () if entry is None else (entry,) if isinstance(entry, str) else tuple(entry)
        index, count = 0, 1
        for a in axes:
            index = index * mesh.shape[a] + coords[a]
            count *= mesh.shape[a]
        blocks.append(index)
        counts.append(count)
    return tuple(blocks), counts


def make_array_from_single_device_arrays(shape, sharding, arrays, *, dtype=None):
    arrays = [jnp.asarray(a) for a in arrays]
    shape = tuple(shape)
    devices = jax.local_devices()[:len(arrays)]
    found, counts = {}, [1] * len(shape)
    for device, a in zip(devices, arrays):
        block, counts = _shard_coords(sharding, device, len(shape))
        found.setdefault(block, a)
    # JAX's check of each piece against the sharding's shard shape
    # (array.py _validate_single_device_arrays' texts).
    expected = tuple(n // c for n, c in zip(shape, counts))
    dtype = arrays[0].dtype if arrays else dtype
    for a in arrays:
        if a.dtype != dtype:
            raise ValueError("Input buffers to `Array` must have matching dtypes. "
                             f"Got {a.dtype}, expected {dtype} for buffer: {a}")
        if a.shape != expected:
            raise ValueError(f"Expected shard shape {expected} doesn't match the single "
                             f"device array shape {a.shape}. Shape of Array is "
                             f"{dtype}[{','.join(str(n) for n in shape)}] with sharding {sharding}")

    def assemble(prefix, d):
        if d == len(shape):
            return found[prefix]
        return jnp.concatenate([assemble(prefix + (j,), d + 1) for j in range(counts[d])], axis=d)

    return jax.device_put(assemble((), 0), sharding)


def clear_caches():
    return None


def effects_barrier():
    return None


def live_arrays(platform=None):
    return []
)PY";

const char* const kTypingSource = R"PY(
import typing
import jax
import numpy as np

ArrayLike = typing.Union[jax.Array, np.ndarray, np.bool_, np.number, bool, int, float]
DTypeLike = typing.Union[str, type, np.dtype]
DTypeLikeInt = DTypeLike
DTypeLikeUInt = DTypeLike
DTypeLikeFloat = DTypeLike
DTypeLikeComplex = DTypeLike
Shape = typing.Sequence[int]
)PY";

const char* const kDtypesSource = R"PY(
import jax.numpy as jnp

issubdtype = jnp.issubdtype
result_type = jnp.result_type
iinfo = jnp.iinfo
finfo = jnp.finfo


def canonicalize_dtype(dtype, allow_extended_dtype=False):
    return jnp.zeros((), dtype).dtype


def default_int_dtype():
    return jnp.dtype("int32")


def default_float_dtype():
    return jnp.dtype("float32")


def itemsize_bits(dtype):
    if dtype is None:
        raise ValueError("dtype cannot be None.")
    dt = jnp.dtype(dtype)
    if dt == jnp.bool_:
        return 8
    if jnp.issubdtype(dt, jnp.integer):
        return jnp.iinfo(dt).bits
    return jnp.finfo(dt).bits


def supports_inf(dtype):
    dt = jnp.dtype(dtype)
    if dt.name in ("float8_e4m3b11fnuz", "float8_e4m3fn", "float8_e4m3fnuz", "float8_e5m2fnuz"):
        return False
    return bool(jnp.issubdtype(dt, jnp.inexact))


bit_width = itemsize_bits


def scalar_type_of(x):
    kind = jnp.asarray(x).dtype
    if kind == jnp.bool_:
        return bool
    if jnp.issubdtype(kind, jnp.integer):
        return int
    return float


class TypePromotionError(ValueError):
    pass


def is_weakly_typed(x):
    return bool(getattr(x, "weak_type", isinstance(x, (bool, int, float))))
)PY";

// ml_dtypes' type names (the types are jnp's); jax.dtypes re-exports them too.
std::string ml_dtypes_names() {
  std::string out = "import jax.numpy as jnp\n";
  for (const char* name : {"bfloat16", "int2", "uint2", "int4", "uint4", "float8_e4m3fn", "float8_e5m2",
                           "float8_e4m3fnuz", "float8_e5m2fnuz", "float8_e4m3b11fnuz", "float8_e3m4", "float8_e4m3",
                           "float8_e8m0fnu", "float4_e2m1fn"})
    out += std::string(name) + " = jnp." + name + "\n";
  return out;
}

// jax._src.config as JAX's tests and some kernels read it: one State per
// option, whose .value is jax.config's current value and which, called with
// a value, is a context manager setting it for the block.
const char* const kConfigSource = R"PY(
import contextlib
import jax


class State:
    def __init__(self, name):
        self.name = name

    @property
    def value(self):
        return getattr(jax.config, self.name)

    def get_global(self):
        return self.value

    @contextlib.contextmanager
    def __call__(self, new_val):
        old = self.value
        jax.config.update(self.name, new_val)
        try:
            yield
        finally:
            jax.config.update(self.name, old)

    def __bool__(self):
        return bool(self.value)


enable_x64 = State("jax_enable_x64")
use_emit_pipeline_primitive = State("jax_use_emit_pipeline_primitive")
jax_pallas_verbose_errors = State("jax_pallas_verbose_errors")
pallas_verbose_errors = jax_pallas_verbose_errors
disable_jit = State("jax_disable_jit")
jax_pallas_use_mosaic_gpu = State("jax_pallas_use_mosaic_gpu")
use_simplified_jaxpr_constants = State("jax_use_simplified_jaxpr_constants")
pallas_use_mosaic_gpu = jax_pallas_use_mosaic_gpu
enable_checks = State("jax_enable_checks")
jax_pallas_enable_debug_checks = State("jax_pallas_enable_debug_checks")
numpy_rank_promotion = State("jax_numpy_rank_promotion")
default_matmul_precision = State("jax_default_matmul_precision")
config = jax.config
parse_flags_with_absl = jax.config.parse_flags_with_absl
)PY";

}  // namespace

void register_module_jax_api() {
  Interpreter::register_module("ml_dtypes", [](Interpreter& ip) {
    return ip.define_generated_module("ml_dtypes", ml_dtypes_names() + "finfo = jnp.finfo\niinfo = jnp.iinfo\n", {});
  });
  // jax._src.state.discharge.run_state is pl.run_state (JAX's tests call it there).
  // Its other names (shaped_array_ref, AbstractRef, ...) are JAX internals
  // Rungs does not model: each is a located NotImplementedError.
  Interpreter::register_module("jax._src.state", [](Interpreter&) {
    auto m = new_module("jax._src.state");
    m->attrs["__rungs_unmodelled__"] = Value::boolean(true);
    return Value::object(m);
  });
  Interpreter::register_module("jax._src.state.discharge", [](Interpreter& ip) {
    auto m = new_module("jax._src.state.discharge");
    m->attrs["run_state"] = ip.getattr(ip.import_module("jax.experimental.pallas", {}), "run_state", {});
    return Value::object(m);
  });
  // jax._src.pallas.mosaic.helpers: where kernel files import sync_copy,
  // core_barrier and run_on_first_core from (pltpu re-exports them).
  for (const char* name : {"jax._src.pallas", "jax._src.pallas.mosaic"})
    Interpreter::register_module(name, [name](Interpreter&) { return Value::object(new_module(name)); });
  Interpreter::register_module("jax._src.pallas.mosaic.helpers", [](Interpreter& ip) {
    auto m = new_module("jax._src.pallas.mosaic.helpers");
    Value pltpu = ip.import_module("jax.experimental.pallas.tpu", {});
    for (const char* name : {"sync_copy", "core_barrier", "run_on_first_core"}) m->attrs[name] = ip.getattr(pltpu, name, {});
    return Value::object(m);
  });
  // jax._src.pallas.cost_estimate.estimate_cost is pl.estimate_cost (JAX's
  // cost-estimate tests call it there).
  Interpreter::register_module("jax._src.pallas.cost_estimate", [](Interpreter& ip) {
    auto m = new_module("jax._src.pallas.cost_estimate");
    m->attrs["estimate_cost"] = ip.getattr(ip.import_module("jax.experimental.pallas", {}), "estimate_cost", {});
    return Value::object(m);
  });
  Interpreter::register_module("jax._src.config", [](Interpreter& ip) {
    return ip.define_generated_module("jax._src.config", kConfigSource, {});
  });
  Interpreter::register_module("jax._api", [](Interpreter& ip) {
    return ip.define_generated_module("jax._api", kApiSource,
                                      {{"_stages", ip.import_module("jax.stages", {})},
                                       {"_in_kernel", in_kernel_builtin()},
                                       {"_batch_info", batching_builtin("_batch_info")},
                                       {"_stacked", batching_builtin("_stacked")}});
  });
  Interpreter::register_module("jax.typing", [](Interpreter& ip) {
    return ip.define_generated_module("jax.typing", kTypingSource, {});
  });
  Interpreter::register_module("jax.dtypes", [](Interpreter& ip) {
    return ip.define_generated_module("jax.dtypes", ml_dtypes_names() + kDtypesSource, {});
  });
  // Kernel files import JAX's private dtypes module (`from jax._src import
  // dtypes`) for itemsize_bits and friends: the same module.
  Interpreter::register_module("jax._src", [](Interpreter&) { return Value::object(new_module("jax._src")); });
  Interpreter::register_module("jax._src.dtypes", [](Interpreter& ip) { return ip.import_module("jax.dtypes", {}); });
  // JAX's ops/ package registers its folder as user code for tracebacks
  // (jax/experimental/pallas/ops/__init__.py); Rungs shows every frame anyway.
  Interpreter::register_module("jax._src.source_info_util", [](Interpreter& ip) {
    return ip.define_generated_module("jax._src.source_info_util", "def register_inclusion(path):\n    pass\n", {});
  });
}

void add_jax_api_forwards(ModuleObj& jax_module) {
  for (const char* name : {"make_jaxpr", "eval_shape", "device_get", "pure_callback", "typeof", "clear_caches",
                           "effects_barrier", "live_arrays", "Ref", "make_array_from_single_device_arrays", "new_ref", "empty_ref", "free_ref", "freeze"}) {
    std::string n = name;
    jax_module.attrs[n] = make_builtin(n, [n](Interpreter& ip, CallArgs& call) {
      return ip.call(ip.getattr(ip.import_module("jax._api", call.where), n, call.where), call);
    });
  }
}

}  // namespace rungs::jax
