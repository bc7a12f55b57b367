// The private JAX modules published kernel files import by path
// (`from jax._src import util`, `from jax._src.random import prng`,
// `from jax._src import shard_map`, `from jax._src import api`) and
// jax.distributed, which benchmark scripts call before anything else.
// Each is the public name it stands for where JAX re-exports one
// (jax._src.api.jit is jax.jit), or a Python form of JAX's own helper
// (jax._src.util) with jaxlib's error texts.
#include "core/array/ops.h"
#include "core/ir/ad_ops.h"
#include "core/jax/module_jnp_parts.h"

namespace rungs::jax {

namespace {

// jax._src.util: the list helpers kernels and JAX's Pallas tests call.
// safe_map/safe_zip are jaxlib's C++ versions in JAX (jaxlib/utils.cc);
// their length errors are written as those print them.
const char* const kUtilSource = R"PY(
import functools as _functools


def safe_map(f, *args):
    if not args:
        raise TypeError("safe_map requires at least 2 arguments")
    lists = [list(a) for a in args]
    n = len(lists[0])
    for i, l in enumerate(lists[1:]):
        if len(l) < n:
            raise ValueError(f"safe_map() argument {i + 2} is shorter than argument 1")
        if len(l) > n:
            raise ValueError(f"safe_map() argument {i + 2} is longer than argument 1")
    return list(map(f, *lists))


def foreach(f, *args):
    if not args:
        raise TypeError("foreach() requires at least 2 arguments")
    safe_map(f, *args)
    return None


def safe_zip(*args):
    if not args:
        raise TypeError("safe_zip requires at least 1 argument")
    lists = [list(a) for a in args]
    lengths = [len(l) for l in lists]
    shortest = min(lengths)
    # jaxlib walks the iterators in lockstep: the first one to end early (or
    # to go on once argument 0 has ended) is the one it names.
    for j, n in enumerate(lengths):
        if (lengths[0] > shortest and n == shortest) or (lengths[0] == shortest and n > shortest):
            all_lengths = ", ".join(str(x) for x in lengths)
            raise ValueError(f"safe_zip() argument {j} has length {n} but argument 0 has length "
                             f"{lengths[0]}. All lengths: ({all_lengths})")
    return list(zip(*lists))


def unzip2(xys):
    xs, ys = [], []
    for x, y in xys:
        xs.append(x)
        ys.append(y)
    return tuple(xs), tuple(ys)


def unzip3(xyzs):
    xs, ys, zs = [], [], []
    for x, y, z in xyzs:
        xs.append(x)
        ys.append(y)
        zs.append(z)
    return tuple(xs), tuple(ys), tuple(zs)


def subvals(lst, replace):
    lst = list(lst)
    for i, v in replace:
        lst[i] = v
    return tuple(lst)


def split_list(args, ns):
    args = list(args)
    lists = []
    for n in ns:
        lists.append(args[:n])
        args = args[n:]
    lists.append(args)
    return lists


def split_list_checked(args, ns):
    args = list(args)
    assert sum(ns) == len(args) and all(n >= 0 for n in ns)
    lists = []
    for n in ns:
        lists.append(args[:n])
        args = args[n:]
    return lists


def partition_list(bs, l):
    assert len(bs) == len(l)
    lists = ([], [])
    for b, x in zip(bs, l):
        lists[b].append(x)
    return lists


def merge_lists(bs, l0, l1):
    assert sum(bs) == len(l1) and len(bs) - sum(bs) == len(l0)
    i0, i1 = iter(l0), iter(l1)
    return [next(i1) if b else next(i0) for b in bs]


def concatenate(xs):
    return [x for xs_ in xs for x in xs_]


flatten = concatenate


def unflatten(xs, ns):
    xs = list(xs)
    out = []
    for n in ns:
        out.append(xs[:n])
        xs = xs[n:]
    assert not xs
    return out


def curry(f):
    return _functools.partial(_functools.partial, f)


def cache(max_size=4096, trace_context_in_key=True, num_shards=64):
    return _functools.lru_cache(maxsize=max_size)


memoize = cache(max_size=None)


def canonicalize_axis(axis, num_dims):
    axis = int(axis)
    if not -num_dims <= axis < num_dims:
        raise ValueError(f"axis {axis} is out of bounds for array of dimension {num_dims}")
    if axis < 0:
        axis = axis + num_dims
    return axis


def ceil_of_ratio(x, y):
    return -(-x // y)


def tuple_insert(t, idx, val):
    return t[:idx] + (val,) + t[idx:]


def tuple_delete(t, idx):
    return t[:idx] + t[idx + 1:]


def tuple_update(t, idx, val):
    return t[:idx] + (val,) + t[idx + 1:]


def prod(xs):
    out = 1
    for x in xs:
        out *= x
    return out


def wrap_name(transform_name, name):
    return f"{transform_name}({name})"


def fun_name(fun, default_name="<unnamed function>"):
    name = getattr(fun, "__name__", None)
    if name is not None:
        return name
    if isinstance(fun, _functools.partial):
        return fun_name(fun.func)
    return default_name


def stable_unique(it):
    return list(dict.fromkeys(it).keys())


def set_module(module):
    def wrapper(func):
        func.__module__ = module
        return func
    return wrapper


class HashableFunction:
    # JAX compares the wrapped functions' code objects; a function object is
    # its own code here, so two wrappers of one function with equal closures
    # are equal.
    def __init__(self, f, closure):
        self.f = f
        self.closure = closure

    def __eq__(self, other):
        return type(other) is HashableFunction and self.f is other.f and self.closure == other.closure

    def __hash__(self):
        return hash((id(self.f), self.closure))

    def __call__(self, *args, **kwargs):
        return self.f(*args, **kwargs)

    def __repr__(self):
        return f"<hashable {self.f.__name__} with closure={self.closure}>"


class HashablePartial:
    def __init__(self, f, *args, **kwargs):
        self.f = f
        self.args = args
        self.kwargs = kwargs

    def __eq__(self, other):
        return (type(other) is HashablePartial and self.f is other.f and
                self.args == other.args and self.kwargs == other.kwargs)

    def __hash__(self):
        return hash((id(self.f), self.args, tuple(sorted(self.kwargs.items()))))

    def __call__(self, *args, **kwargs):
        return self.f(*self.args, *args, **self.kwargs, **kwargs)
)PY";

// jax._src.random.prng: PRNGImpl (a NamedTuple in JAX) and register_prng.
// A registered implementation is recorded; keys made with it (impl=name)
// are not modelled, which jax.random's impl argument reports.
const char* const kPrngSource = R"PY(
from typing import NamedTuple as _NamedTuple, Any as _Any


class PRNGImpl(_NamedTuple):
    key_shape: _Any
    seed: _Any
    split: _Any
    random_bits: _Any
    fold_in: _Any
    name: str = '<unnamed>'
    tag: str = '?'

    def __hash__(self):
        return hash(self.tag)

    def __str__(self):
        return self.tag

    def pprint(self):
        return f"{self.name} [{self.tag}]"


prngs = {}


def register_prng(impl):
    if impl.name in prngs:
        raise ValueError(f'PRNG with name {impl.name} already registered: {impl}')
    prngs[impl.name] = impl
)PY";

// jax._src.random.threefry2x32: the threefry primitive and the key
// functions of the default implementation (jax.random's).
const char* const kThreefrySource = R"PY(
import jax as _jax


class _Threefry2x32Primitive:
    name = "threefry2x32"

    def bind(self, *args):
        args = [_jax.numpy.asarray(a) for a in args]
        if any(a.dtype != _jax.numpy.uint32 for a in args):
            raise TypeError("Arguments to threefry2x32 must have uint32 type, got {}"
                            .format([a.dtype for a in args]))
        # lax's broadcasting shape rule: scalars aside, equal ranks, and
        # each dimension equal or 1.
        shapes = [a.shape for a in args if a.shape]
        ranks = {len(s) for s in shapes}
        if len(ranks) > 1:
            raise TypeError(f"threefry2x32: arrays must have the same number of dimensions, got {ranks}")
        for ds in zip(*shapes):
            big = [d for d in ds if d != 1]
            if any(d != big[0] for d in big):
                raise TypeError("threefry2x32 got incompatible shapes for broadcasting: "
                                + ", ".join(str(tuple(s)) for s in shapes) + ".")
        return _threefry(*args)

    def __repr__(self):
        return "threefry2x32"


threefry2x32_p = _Threefry2x32Primitive()


def threefry_2x32(keypair, count):
    key1, key2 = keypair
    flat = count.ravel()
    odd = flat.shape[0] % 2
    if odd:
        flat = _jax.numpy.concatenate([flat, _jax.numpy.zeros((1,), _jax.numpy.uint32)])
    x1, x2 = flat.reshape(2, -1)
    y1, y2 = threefry2x32_p.bind(key1, key2, x1, x2)
    out = _jax.numpy.concatenate([y1, y2])
    return (out[:-1] if odd else out).reshape(count.shape)


def threefry_seed(seed):
    return _jax.random.PRNGKey(seed)


def threefry_split(key, shape):
    return _jax.random.split(key, shape)


def threefry_fold_in(key, data):
    return _jax.random.fold_in(key, data)


def threefry_random_bits(key, bit_width, shape):
    if bit_width not in (8, 16, 32, 64):
        raise TypeError("requires 8-, 16-, 32- or 64-bit field width.")
    return _jax.random.bits(key, shape, dtype=f"uint{bit_width}")
)PY";

// jax.distributed. A Rungs run models one TPU host: initialize() with no
// arguments auto-detects a one-process cluster there, as JAX does on a
// single Cloud TPU VM; a second call, or a call after the program has
// asked for the devices, is JAX's error. (A computation does not count
// here, unlike in JAX: only device queries mark the backend as started.)
// More than one process cannot be modelled.
const char* const kDistributedSource = R"PY(
_state = {"initialized": False}


def initialize(coordinator_address=None, num_processes=None, process_id=None, local_device_ids=None,
               cluster_detection_method=None, initialization_timeout=300, heartbeat_timeout_seconds=100,
               shutdown_timeout_seconds=300, coordinator_bind_address=None, slice_index=None,
               partition_index=None):
    if process_id is not None and not isinstance(process_id, int):
        raise TypeError("process_id must be a nonnegative int. "
                        f"Got process_id={process_id} of type {type(process_id)}.")
    if num_processes is not None and not isinstance(num_processes, int):
        raise TypeError("num_processes must be a positive int. "
                        f"Got num_processes={num_processes} of type {type(num_processes)}.")
    if _backend_initialized():
        raise RuntimeError("jax.distributed.initialize() must be called before "
                           "any JAX calls that might initialise the XLA backend. "
                           "This includes any computation, but also calls to jax.devices, jax.device_put, and others.")
    n = 1 if num_processes is None else num_processes
    p = 0 if process_id is None else process_id
    if not (0 <= p < n):
        raise ValueError("process_id and num_processes must be nonnegative, with process_id < num_processes. "
                         f"Got process_id={p}, num_processes={n}.")
    if n > 1:
        _raise_error("unsupported_feature", "jax.distributed.initialize with more than one process")
    if _state["initialized"]:
        raise RuntimeError('distributed.initialize should only be called once.')
    _state["initialized"] = True


def is_initialized():
    return _state["initialized"]


def shutdown():
    _state["initialized"] = False
)PY";

// threefry2x32_p.bind(k1, k2, x1, x2): the two uint32 words threefry
// makes of (x1, x2) under the key (k1, k2), broadcast as JAX's
// broadcasting shape rule does (the uint32 check is in bind). The
// engine's primitive takes one key.
Value threefry_builtin(Interpreter& ip, CallArgs& call) {
  if (call.positional.size() != 4) raise(ErrorId::unsupported_feature, call.where, "threefry2x32 with other than 4 arguments");
  std::vector<Operand> ops;
  for (const Value& v : call.positional) ops.push_back(to_op(ip, v, call.where));
  for (size_t i = 0; i < 2; ++i) {
    if (array::num_elements(ops[i].aval.shape) != 1)
      raise(ErrorId::unsupported_feature, call.where, "threefry2x32 with a key per element");
    ops[i] = ir::ad::reshape(ops[i], {});
  }
  Shape shape = array::broadcast_shapes({ops[2].aval.shape, ops[3].aval.shape});
  ops[2] = ir::ad::broadcast_to(ops[2], shape);
  ops[3] = ir::ad::broadcast_to(ops[3], shape);
  std::vector<Operand> y = ir::bind(Prim::Threefry2x32, ops, {});
  return make_tuple({wrap(y[0]), wrap(y[1])});
}

// A module of names taken from another (jax._src.api from jax, ...): the
// same objects, as JAX's public modules re-export its private ones.
Value forward_module(Interpreter& ip, const std::string& name, const std::string& from,
                     std::initializer_list<const char*> names) {
  auto m = new_module(name);
  Value source = ip.import_module(from, {});
  for (const char* n : names) {
    try {
      m->attrs[n] = ip.getattr(source, n, {});
    } catch (EngineError&) {
      // a name this build's jax lacks stays missing, as an AttributeError on use
    }
  }
  return Value::object(m);
}

}  // namespace

void register_module_jax_private() {
  Interpreter::register_module("jax._src.util", [](Interpreter& ip) {
    return ip.define_generated_module("jax._src.util", kUtilSource, {});
  });
  Interpreter::register_module("jax._src.api", [](Interpreter& ip) {
    return forward_module(ip, "jax._src.api", "jax",
                          {"jit", "grad", "value_and_grad", "vmap", "pmap", "jvp", "vjp", "linearize",
                           "linear_transpose", "make_jaxpr", "eval_shape", "device_put", "device_get",
                           "block_until_ready", "named_call", "disable_jit", "hessian", "jacfwd", "jacrev",
                           "checkpoint", "remat", "pure_callback", "ShapeDtypeStruct", "clear_caches"});
  });
  Interpreter::register_module("jax._src.shard_map", [](Interpreter& ip) {
    return forward_module(ip, "jax._src.shard_map", "jax", {"shard_map"});
  });
  Interpreter::register_module("jax._src.lax", [](Interpreter& ip) { return ip.import_module("jax.lax", {}); });
  Interpreter::register_module("jax._src.tree_util", [](Interpreter& ip) { return ip.import_module("jax.tree_util", {}); });
  Interpreter::register_module("jax._src.random", [](Interpreter&) { return Value::object(new_module("jax._src.random")); });
  Interpreter::register_module("jax._src.random.prng", [](Interpreter& ip) {
    return ip.define_generated_module("jax._src.random.prng", kPrngSource, {});
  });
  Interpreter::register_module("jax._src.random.threefry2x32", [](Interpreter& ip) {
    return ip.define_generated_module("jax._src.random.threefry2x32", kThreefrySource,
                                      {{"_threefry", make_builtin("threefry2x32", threefry_builtin)}});
  });
  Interpreter::register_module("jax.distributed", [](Interpreter& ip) {
    return ip.define_generated_module("jax.distributed", kDistributedSource,
                                      {{"_raise_error", python::registered_error_raiser()},
                                       {"_backend_initialized", make_builtin("_backend_initialized", [](Interpreter& ip, CallArgs&) {
                                          return Value::boolean(backend_initialized(ip));
                                        })}});
  });
}

}  // namespace rungs::jax
