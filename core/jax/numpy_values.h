// NumPy's values on top of the engine's arrays: ndarrays (ArrayObj with
// `numpy` set, float64/int64 by default, mutable), NumPy scalars (0-d
// NumPy arrays that print as np.float64(1.5)), NumPy's scalar types
// (np.float64, np.int64, ... which call into NumPy scalars), and the wrapper
// that turns a jax.numpy function into numpy's: NumPy dtypes and promotion
// (array::NumpyMode), host CPU arithmetic, NumPy results, and JAX's
// TracerArrayConversionError for a traced argument.
#pragma once

#include <string>

#include "core/jax/array_value.h"

namespace rungs::jax {

// np.float64, np.int64, np.float32, ...: calling one converts under NumPy's
// rules and returns a NumPy scalar (or array, for an array argument).
Value numpy_scalar_type_value(array::DType d);

// v as a NumPy result: a fresh NumPy ndarray for a concrete jax array (never
// flagging an array someone else holds); a NumPy scalar when it is 0-d and
// `scalar_if_0d` (NumPy's ufuncs and reductions return scalars).
Value numpy_result(Value v, bool scalar_if_0d);

// JAX's TracerArrayConversionError if any argument (or an item of a list or
// tuple argument) is traced: NumPy converts its inputs with __array__.
void refuse_traced_numpy_args(const CallArgs& call, SourceRange where);

// jnp_fn (a builtin or a Python function of jax.numpy) as numpy.<name>.
Value numpy_function(const Value& jnp_fn, const std::string& name);

// np.asarray / np.array: NumPy arrays from anything array-like; a JAX
// array's buffer seen through np.asarray is read-only, as in JAX.
Value numpy_asarray(Interpreter& ip, CallArgs& call, bool copy);

}  // namespace rungs::jax
