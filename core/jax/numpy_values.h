// NumPy's values on top of the engine's arrays: ndarrays (ArrayObj with
// `numpy` set, float64/int64 by default, mutable), NumPy scalars (0-d
// NumPy arrays that print as np.float64(1.5)), NumPy's scalar types
// (np.float64, np.int64, ... which call into NumPy scalars), and the wrapper
// that turns a jax.numpy function into numpy's: NumPy dtypes and promotion
// (array::NumpyMode), host CPU arithmetic, NumPy results, and JAX's
// TracerArrayConversionError for a traced argument.
#pragma once

#include <string>

#include "core/array/format.h"
#include "core/jax/array_value.h"
#include "core/python/array_protocol.h"

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

// Writes a ufunc's result into `out` (a += b, np.add(a, b, out=c)) with
// NumPy's checks: out writable, the result broadcastable to out's shape,
// and 'same_kind' casting (_UFuncOutputCastingError naming `ufunc`).
void numpy_write_output(Interpreter& ip, const Value& out, const Value& result, const std::string& ufunc,
                        SourceRange where);

// numpy's memory functions (module_numpy_views.cpp): np.reshape & co. as
// views of an ndarray, shares_memory, copyto; and `fn` taking out=.
void add_numpy_view_functions(ModuleObj& m);
Value numpy_with_out(const std::string& name, const Value& fn);

// np.copy, ascontiguousarray, concat, ndindex, finfo and the print options
// (module_numpy_extras.cpp). Every array's str()/repr() follows the
// options; each interpreter resets them when it imports numpy or jax.numpy.
void add_numpy_extras(ModuleObj& m);
array::PrintOptions& numpy_print_options();
void reset_numpy_print_options();

// The runtime's hooks for NumPy values (numpy_ufunc_out.cpp): `a op= b` in
// place, type(x) as np.ndarray / np.float64, isinstance against NumPy's
// scalar types and categories, and round(np.float64(x)) as a Python int.
bool numpy_inplace(Interpreter& ip, ArrayBinary op, const Value& a, const Value& b, SourceRange where, Value& out);
std::optional<Value> numpy_type_object(Interpreter& ip, const Value& v);
std::optional<bool> numpy_isinstance(Interpreter& ip, const Value& v, const Value& t);
Value numpy_scalar_round(Interpreter& ip, const Value& v, SourceRange where);

}  // namespace rungs::jax
