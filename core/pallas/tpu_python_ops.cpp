// The small pl / pltpu operations JAX writes in Python over jax.numpy and
// lax, written the same way here: pltpu.roll (JAX binds a roll primitive
// whose interpreter lowering is the jnp.roll below; Mosaic lowers it to
// tpu.dynamic_rotate, so in a kernel the chip rung sees the slices it is
// made of), pltpu.bitcast's checks over its own primitive `bitcast`
// (core/array's tpu_bitcast computes JAX's interpreter lowering of it; the
// chip lowers it to tpu.bitcast, unlike a width-changing
// lax.bitcast_convert_type, which Mosaic refuses), pl.reciprocal, pl.broadcast_to, pl.empty / empty_like, the integer
// helpers (align_to, next_power_of_2, strides_from_shape), and the
// TPU-introspection names (CoreType, with_memory_space_constraint,
// trace; ChipVersion and get_tpu_info are tpu_info.cpp's). Errors carry JAX's texts.
#include "core/pallas/tpu_python_ops.h"

#include "core/ir/trace.h"
#include "core/jax/array_value.h"
#include "core/jax/jnp_ops.h"
#include "core/jax/module_jnp_parts.h"
#include "core/python/interpreter.h"
#include "core/python/modules.h"

namespace rungs::pallas {

namespace {

const char* const kTpuSource = R"PY(
import contextlib
import enum

import jax
import jax.numpy as jnp


def roll(x, shift, axis, *, stride=None, stride_axis=None):
    if isinstance(shift, int) and shift < 0:
        raise ValueError("shift must be non-negative.")
    if axis < 0 or axis >= len(x.shape):
        raise ValueError("axis is out of range.")
    if (stride is None) != (stride_axis is None):
        raise ValueError("stride and stride_axis must be both specified or not.")
    if stride is not None and stride_axis is not None:
        if stride < 0:
            raise ValueError("stride must be non-negative.")
        if stride_axis < 0 or stride_axis >= len(x.shape):
            raise ValueError("stride_axis is out of range")
        if axis == stride_axis:
            raise ValueError("expected axis and stride_axis are different.")
    if stride is None:
        return _roll_by(x, shift, axis)
    parts = jnp.split(x, x.shape[stride_axis], stride_axis)
    return jnp.concatenate([_roll_by(part, shift + i * stride, axis) for i, part in enumerate(parts)], stride_axis)


def _roll_by(x, shift, axis):
    # A shift read from a ref is a traced scalar (JAX's roll takes either):
    # a roll by each power of two the shift's bits hold, chosen by a select,
    # so every rung -- the chip's lowering included -- sees only static
    # rolls (slices) and selects.
    if isinstance(shift, int):
        return jnp.roll(x, shift, axis)
    n = x.shape[axis]
    s = jnp.asarray(shift, jnp.int32) % n
    out = x
    k = 0
    while (1 << k) < n:
        out = jnp.where(((s >> k) & 1) == 1, jnp.roll(out, 1 << k, axis), out)
        k += 1
    return out


def bitcast(x, ty):
    ty = jnp.dtype(ty)
    if len(x.shape) < 2:
        raise ValueError("Not implemented: bitcast 1D")
    src_bitwidth = jnp.dtype(x.dtype).itemsize * 8
    dst_bitwidth = ty.itemsize * 8
    if x.shape[-2] * src_bitwidth % dst_bitwidth:
        raise ValueError("Not implemented: the 2nd minor dim can not be perfectly packed or unpacked")
    return _bitcast_p(x, ty)


def with_memory_space_constraint(x, memory_space):
    return x


@contextlib.contextmanager
def trace(message, level=10):
    yield


class CoreType(enum.Enum):
    TC = "tc"
    SC_SCALAR_SUBCORE = "sc_scalar_subcore"
    SC_VECTOR_SUBCORE = "sc_vector_subcore"
)PY";

const char* const kPlSource = R"PY(
import jax
import jax.numpy as jnp


def reciprocal(x, *, approx=False):
    return 1.0 / x


def broadcast_to(a, shape):
    return jnp.broadcast_to(a, shape)


def empty(shape, dtype=jnp.float32, *, memory_space=None):
    return jnp.zeros(shape, dtype)


def empty_like(x, *, memory_space=None):
    return jax.tree_util.tree_map(lambda leaf: jnp.zeros(leaf.shape, leaf.dtype), x)


def align_to(x, alignment):
    return (x + alignment - 1) // alignment * alignment


def next_power_of_2(x):
    if x < 0:
        raise ValueError("`next_power_of_2` requires a non-negative integer.")
    power = 1
    while power < x:
        power *= 2
    return power


def strides_from_shape(shape):
    size = 1
    for d in shape:
        size *= d
    strides = []
    for d in shape:
        size //= d
        strides.append(size)
    return tuple(strides)
)PY";

// _bitcast_p(x, ty): binds pltpu's bitcast primitive (Python checked the shapes).
Value bitcast_p(python::Interpreter& ip, python::CallArgs& call) {
  ir::Params p;
  p.dtype = jax::dtype_value_or_raise(ip, call.positional[1], call.where);
  return jax::make_array(ir::bind1(ir::Prim::TpuBitcast, {jax::to_operand(ip, call.positional[0], call.where)}, p));
}

void copy_public(python::Interpreter& ip, const char* dotted, const char* source, python::ModuleObj& target) {
  Value defs = ip.define_generated_module(dotted, source, {{"_bitcast_p", python::make_builtin("_bitcast_p", bitcast_p)}});
  for (const auto& [name, value] : defs.as<python::ModuleObj>().attrs)
    if (!target.attrs.count(name) && name != "jax" && name != "jnp" && name != "contextlib" && name != "enum")
      target.attrs[name] = value;
}

}  // namespace

void add_tpu_python_ops(python::Interpreter& ip, python::ModuleObj& pltpu) {
  copy_public(ip, "jax.experimental.pallas._tpu_ops", kTpuSource, pltpu);
}

void add_pl_python_ops(python::Interpreter& ip, python::ModuleObj& pl) {
  copy_public(ip, "jax.experimental.pallas._pl_ops", kPlSource, pl);
}

}  // namespace rungs::pallas
