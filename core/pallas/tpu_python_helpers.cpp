// More pltpu / pl names written in Python, as JAX writes them:
// pltpu.einshape (jax/_src/pallas/einshape.py: the equation parsed into
// splits, one transpose and merges, applied as reshapes and lax.transpose;
// Mosaic's tile-preserving lowering computes the same values),
// pltpu.pack_elementwise / unpack_elementwise (primitives only Mosaic lowers:
// JAX's interpreters hand them to XLA on CPU, which has no rule, and outside
// kernels they have no evaluation rule; the chip rung computes Mosaic's
// interleaved packing, lowest bits first), pltpu.run_on_first_core and
// pltpu.core_barrier (mosaic/helpers.py, over axis_size/axis_index, pl.when
// and core-indexed semaphores), pltpu.async_remote_copy, pl.RevisitMode, pl.with_scoped (run_scoped as a decorator),
// pl.empty_ref_like and
// pl.run_state (state/discharge.py: the function runs on
// refs holding the arguments and their final values come back; Mosaic has
// no rule for run_state, so a kernel on the chip rung refuses it).
#include "core/pallas/tpu_python_ops.h"

#include "core/jax/jnp_python_more.h"
#include "core/python/interpreter.h"
#include "core/python/modules.h"

namespace rungs::pallas {

namespace {

const char* const kEinshapeSource = R"PY(
import jax
import jax.numpy as jnp


def _parse_side(s):
    s = s.replace(" ", "")
    groups = []
    i = 0
    while i < len(s):
        if s[i] == "(":
            j = s.find(")", i)
            if j == -1:
                raise ValueError(f"Unmatched parenthesis in {s!r}")
            groups.append(list(s[i + 1:j]))
            i = j + 1
        elif s[i] == ")":
            raise ValueError(f"Unmatched parenthesis in {s!r}")
        else:
            groups.append([s[i]])
            i += 1
    return groups


def _parse_equation(equation):
    if equation.count("->") != 1:
        raise ValueError("Equation must contain exactly one '->'")
    lhs_str, rhs_str = equation.split("->")
    return _parse_side(lhs_str), _parse_side(rhs_str)


def _einshape_dims(parsed_side, shape, sizes):
    dim_sizes = {}
    for i, group in enumerate(parsed_side):
        shape_val = shape[i]
        if len(group) == 1:
            name = group[0]
            if name in dim_sizes and dim_sizes[name] != shape_val:
                raise ValueError(f"Inconsistent size for {name}: {dim_sizes[name]} vs {shape_val}")
            dim_sizes[name] = shape_val
            continue
        known_product = 1
        unknown_dims = []
        for name in group:
            if name in sizes:
                dim_sizes[name] = sizes[name]
                known_product *= sizes[name]
            elif name in dim_sizes:
                known_product *= dim_sizes[name]
            else:
                unknown_dims.append(name)
        if not unknown_dims:
            if known_product != shape_val:
                raise ValueError(f"Size mismatch for group {group}: expected {shape_val}, got {known_product}")
        elif len(unknown_dims) == 1:
            if shape_val % known_product != 0:
                raise ValueError(f"Cannot split size {shape_val} with known sizes {known_product}")
            dim_sizes[unknown_dims[0]] = shape_val // known_product
        else:
            raise ValueError(f"Ambiguous split for {group} with size {shape_val}. Unknowns:"
                             f" {unknown_dims}. Provide sizes via kwargs.")
    return dim_sizes


def _einshape_transforms(equation, input_shape, sizes):
    lhs, rhs = _parse_equation(equation)
    if len(lhs) != len(input_shape):
        raise ValueError(f"Equation LHS has {len(lhs)} groups but input has {len(input_shape)}"
                         f" dims. LHS: {lhs}, Input shape: {input_shape}")
    dim_sizes = _einshape_dims(lhs, input_shape, sizes)
    for name in [n for group in rhs for n in group]:
        if name not in dim_sizes:
            if name in sizes:
                dim_sizes[name] = sizes[name]
            else:
                raise ValueError(f"Unknown dimension {name} in RHS")
    ops = []
    index = 0
    for group in lhs:
        if len(group) > 1:
            ops.append(("split", index, tuple(dim_sizes[n] for n in group)))
        index += len(group)
    lhs_order = [n for group in lhs for n in group]
    rhs_order = [n for group in rhs for n in group]
    if set(lhs_order) != set(rhs_order):
        raise NotImplementedError("Only reordering/splitting/merging supported (no broadcast yet).")
    if lhs_order != rhs_order:
        ops.append(("transpose", tuple(lhs_order.index(n) for n in rhs_order)))
    for index, group in enumerate(rhs):
        if len(group) > 1:
            ops.append(("merge", index, len(group)))
    return ops


def einshape(equation, x, assert_is_tile_preserving=False, **sizes):
    value = x
    for op in _einshape_transforms(equation, tuple(x.shape), sizes):
        shape = tuple(value.shape)
        if op[0] == "split":
            _, index, parts = op
            value = value.reshape(shape[:index] + parts + shape[index + 1:])
        elif op[0] == "merge":
            _, index, count = op
            merged = 1
            for d in shape[index:index + count]:
                merged *= d
            value = value.reshape(shape[:index] + (merged,) + shape[index + count:])
        else:
            value = jax.lax.transpose(value, op[1])
    return value
)PY";

const char* const kPackSource = R"PY(
import jax
import jax.numpy as jnp


def _no_rule(name):
    # Only Mosaic lowers these: no evaluation rule outside kernels, and
    # XLA on CPU (JAX's interpreters) has no lowering for them.
    if not _in_kernel():
        raise NotImplementedError(f"Evaluation rule for '{name}' not implemented")
    if jax.default_backend() != "tpu":
        _raise_error("mlir_translation_rule_missing", name, jax.default_backend())


def _bits(dtype):
    return jnp.dtype(dtype).itemsize * 8


def _packing_factor(unpacked_dtype, packed_dtype):
    unpacked_bitwidth = _bits(unpacked_dtype)
    packed_bitwidth = _bits(packed_dtype)
    if unpacked_bitwidth % packed_bitwidth != 0:
        raise ValueError("Unpacked bitwidth must be a multiple of packed bitwidth, got "
                         f"{unpacked_bitwidth} and {packed_bitwidth}")
    return unpacked_bitwidth // packed_bitwidth


def _uint(bits):
    return jnp.dtype("uint" + str(bits))


def pack_elementwise(xs, *, packed_dtype):
    xs = list(xs)
    if not xs:
        raise ValueError("At least one source is required")
    first = xs[0]
    if not all(x.shape == first.shape for x in xs):
        raise ValueError("All sources must have the same shape")
    if not all(x.dtype == first.dtype for x in xs):
        raise ValueError("All sources must have the same dtype")
    packed_dtype = jnp.dtype(packed_dtype)
    if not (first.dtype == jnp.float32 and packed_dtype == jnp.bfloat16) and not (
            jnp.issubdtype(first.dtype, jnp.integer) and jnp.issubdtype(packed_dtype, jnp.integer)):
        raise ValueError("Only f32 -> bf16 and int -> int are supported. Got"
                         f" {first.dtype} and {packed_dtype}")
    factor = _packing_factor(first.dtype, packed_dtype)
    if len(xs) != factor:
        raise ValueError("The number of sources must match the packing factor "
                         f"({factor}), got {len(xs)}")
    _no_rule("pack_elementwise")
    width, narrow = _bits(first.dtype), _bits(packed_dtype)
    out = jnp.zeros(first.shape, _uint(width))
    for i, x in enumerate(xs):
        if packed_dtype == jnp.bfloat16:
            part = jax.lax.bitcast_convert_type(x.astype(jnp.bfloat16), jnp.uint16).astype(_uint(width))
        else:
            part = jax.lax.bitcast_convert_type(x, _uint(width)) & jnp.asarray((1 << narrow) - 1, _uint(width))
        out = out | (part << jnp.asarray(i * narrow, _uint(width)))
    return out


def unpack_elementwise(x, *, index, packed_dtype, unpacked_dtype):
    packed_dtype = jnp.dtype(packed_dtype)
    unpacked_dtype = jnp.dtype(unpacked_dtype)
    if _bits(x.dtype) != _bits(unpacked_dtype):
        raise ValueError("The bitwidth of `x` must match the bitwidth of `unpacked_dtype` for "
                         f"unpack_elementwise, but got {x.dtype} and {unpacked_dtype}")
    factor = _packing_factor(unpacked_dtype, packed_dtype)
    if index < 0 or index >= factor:
        raise ValueError(f"Index {index} is out of bounds for packing factor {factor}")
    _no_rule("unpack_elementwise")
    width, narrow = _bits(x.dtype), _bits(packed_dtype)
    word = jax.lax.bitcast_convert_type(x, _uint(width))
    field = (word >> jnp.asarray(index * narrow, _uint(width))) & jnp.asarray((1 << narrow) - 1, _uint(width))
    if jnp.issubdtype(packed_dtype, jnp.floating):
        # The narrow float widened: its bits become the high bits of a float
        # of the unpacked width (bf16 -> f32 is exact).
        wide = jax.lax.bitcast_convert_type(field.astype(_uint(narrow)), packed_dtype)
        return wide.astype(unpacked_dtype)
    if jnp.issubdtype(packed_dtype, jnp.signedinteger):
        # Sign-extend the field: shift it to the top and back arithmetically.
        signed = jax.lax.bitcast_convert_type(field << jnp.asarray(width - narrow, _uint(width)),
                                              jnp.dtype("int" + str(width)))
        return (signed >> (width - narrow)).astype(unpacked_dtype)
    return field.astype(unpacked_dtype)
)PY";

const char* const kHelpersSource = R"PY(
import enum
import jax
import jax.numpy as jnp


class RevisitMode(enum.Enum):
    IMMEDIATE = "immediate"
    ANY = "any"


class SideEffectType(enum.Enum):
    # CompilerParams(has_side_effects=...): PURE is as False, the others as True.
    PURE = "pure"
    DATAFLOW_SIDE_EFFECTING = "dataflow_side_effecting"
    SIDE_EFFECTING = "side_effecting"

    def __bool__(self):
        return self is not SideEffectType.PURE


def run_on_first_core(core_axis_name):
    num_cores = jax.lax.axis_size(core_axis_name)
    if num_cores == 1:
        return lambda f: f()

    def wrapped(f):
        core_id = jax.lax.axis_index(core_axis_name)

        @_pl.when(core_id == 0)
        def _():
            return f()

    return wrapped


def core_barrier(sem, *, core_axis_name):
    num_cores = jax.lax.axis_size(core_axis_name)
    core_id = jax.lax.axis_index(core_axis_name)

    @_pl.when(num_cores > 1)
    def _():
        def signal_core(i):
            @_pl.when(core_id != i)
            def _():
                _pl.semaphore_signal(sem, 1, core_index=i)

        for i in range(num_cores):
            signal_core(i)
        _pl.semaphore_wait(sem, num_cores - 1)


def async_remote_copy(src_ref, dst_ref, send_sem, recv_sem, device_id, device_id_type=None):
    if device_id_type is None:
        copy = _pltpu.make_async_remote_copy(src_ref, dst_ref, send_sem, recv_sem, device_id)
    else:
        copy = _pltpu.make_async_remote_copy(src_ref, dst_ref, send_sem, recv_sem, device_id,
                                             device_id_type=device_id_type)
    copy.start()
    return copy


def with_scoped(*types, collective_axes=(), **kw_types):
    # helpers.py: a decorator running the function inside run_scoped, the
    # call's own arguments first, then the allocations.
    def decorator(f):
        def inner(*args, **kwargs):
            return _pl.run_scoped(lambda *refs, **kw_refs: f(*args, *refs, **kwargs, **kw_refs), *types,
                                  collective_axes=collective_axes, **kw_types)
        return inner
    return decorator


def empty_ref_like(x):
    # helpers.py: a MemoryRef keeps its memory space, a ShapeDtypeStruct
    # gets ANY.
    kind = type(x).__name__
    if kind == "MemoryRef":
        memory_space = x.memory_space
    elif kind == "ShapeDtypeStruct":
        memory_space = _pl.ANY
    else:
        raise ValueError(f"empty_ref_like does not support {type(x)}")
    return jax.empty_ref(jax.ShapeDtypeStruct(x.shape, x.dtype), memory_space)


def run_state(f):
    def wrapped(args):
        leaves, tree = jax.tree_util.tree_flatten(args)
        leaves = [jnp.asarray(leaf) for leaf in leaves]
        if _in_kernel():
            if jax.default_backend() == "tpu":
                _raise_error("chip_unimplemented_primitive", "run_state")

            def scoped(*refs):
                for ref, leaf in zip(refs, leaves):
                    ref[...] = leaf
                f(jax.tree_util.tree_unflatten(tree, list(refs)))
                return tuple(ref[...] for ref in refs)

            from jax.experimental.pallas import tpu as pltpu
            outs = _pl.run_scoped(scoped, *[pltpu.VMEM(leaf.shape, leaf.dtype) for leaf in leaves])
            return jax.tree_util.tree_unflatten(tree, list(outs))
        refs = [jax.new_ref(leaf) for leaf in leaves]
        f(jax.tree_util.tree_unflatten(tree, refs))
        return jax.tree_util.tree_unflatten(tree, [jax.freeze(ref) for ref in refs])
    return wrapped
)PY";

void copy_defs(python::Interpreter& ip, const char* dotted, const char* source, python::ModuleObj& target,
               const std::unordered_map<std::string, Value>& names, std::initializer_list<const char*> wanted) {
  Value defs = ip.define_generated_module(dotted, source, names);
  for (const char* name : wanted) target.attrs[name] = defs.as<python::ModuleObj>().attrs.at(name);
}

}  // namespace

void add_tpu_python_helpers(python::Interpreter& ip, python::ModuleObj& pltpu, const Value& pltpu_value,
                            const Value& pl_value) {
  std::unordered_map<std::string, Value> names{{"_in_kernel", jax::in_kernel_builtin()},
                                               {"_raise_error", python::registered_error_raiser()},
                                               {"_pl", pl_value},
                                               {"_pltpu", pltpu_value}};
  copy_defs(ip, "jax.experimental.pallas._einshape", kEinshapeSource, pltpu, names, {"einshape"});
  copy_defs(ip, "jax.experimental.pallas._pack", kPackSource, pltpu, names,
            {"pack_elementwise", "unpack_elementwise"});
  copy_defs(ip, "jax.experimental.pallas._tpu_helpers", kHelpersSource, pltpu, names,
            {"run_on_first_core", "core_barrier", "async_remote_copy",
             "SideEffectType"});
}

void add_pl_run_state(python::Interpreter& ip, python::ModuleObj& pl, const Value& pl_value) {
  std::unordered_map<std::string, Value> names{{"_in_kernel", jax::in_kernel_builtin()},
                                               {"_raise_error", python::registered_error_raiser()},
                                               {"_pl", pl_value},
                                               {"_pltpu", python::Value::none()}};
  Value defs = ip.define_generated_module("jax.experimental.pallas._run_state", kHelpersSource, names);
  pl.attrs["run_state"] = defs.as<python::ModuleObj>().attrs.at("run_state");
  pl.attrs["with_scoped"] = defs.as<python::ModuleObj>().attrs.at("with_scoped");
  pl.attrs["RevisitMode"] = defs.as<python::ModuleObj>().attrs.at("RevisitMode");
  pl.attrs["empty_ref_like"] = defs.as<python::ModuleObj>().attrs.at("empty_ref_like");
}

}  // namespace rungs::pallas
