// The Python face of arrays: operators, attributes (x.shape, x.T, x.sum()),
// NumPy indexing, printing and conversions between Python values and
// ir::Operands. Refs share the operator entry points so that misuse gets
// JAX's own error ("Attempting to pass a Ref ... to a primitive").
#pragma once

#include <optional>
#include <string>

#include "core/jax/python_runtime.h"
#include "core/python/array_protocol.h"
#include "core/array/ops.h"
#include "core/ir/trace.h"

namespace rungs::jax {


// Python value -> operand. Python scalars become weak-typed constants
// (int -> int32, float -> float32, bool -> bool), nested lists/tuples become
// arrays like jnp.asarray. `prim` names the operation for the Ref error.
ir::Operand to_operand(Interpreter& interp, const Value& v, SourceRange where,
                       const char* prim = "convert_element_type");
// As to_operand, but a Python int next to an integer array takes that
// array's dtype (weakly), checked against its range, as JAX does.
ir::Operand to_operand_like(Interpreter& interp, const Value& v, const Value& other, SourceRange where,
                            const char* prim);
bool is_array_like(const Value& v);  // array, ref, number or a list/tuple of them
// jnp.asarray(v, dtype)
Value asarray(Interpreter& interp, const Value& v, std::optional<array::DType> dtype, SourceRange where);
// A dtype named by a Python value: jnp.float32, "float32", float, x.dtype, ...
std::optional<array::DType> dtype_of_value(const Value& v);
// Whether dtype `d` belongs to NumPy's abstract category `cat` ("number",
// "floating", "integer", ...), as np.issubdtype(d, np.<cat>) answers.
bool in_dtype_category(array::DType d, const std::string& cat);
Value dtype_value(array::DType dtype);        // what x.dtype returns
Value scalar_type_value(array::DType dtype);  // what jnp.float32 is

Value array_binary(Interpreter& interp, ArrayBinary op, const Value& a, const Value& b, SourceRange where);
Value array_unary(Interpreter& interp, lang::UnaryOpKind op, const Value& v, SourceRange where);
bool array_truthy(Interpreter& interp, const Value& v, SourceRange where);
Value array_getattr(Interpreter& interp, const Value& v, const std::string& name, SourceRange where);
Value array_getitem(Interpreter& interp, const Value& v, const Value& key, SourceRange where);
Value array_index_update(Interpreter& interp, const Value& v, const Value& key, const Value& updates,
                         array::UpdateMode mode, SourceRange where);
void array_setitem(Interpreter& interp, const Value& v, const Value& key, const Value& value, SourceRange where);
Value array_len(Interpreter& interp, const Value& v, SourceRange where);
Value array_abs(Interpreter& interp, const Value& v, SourceRange where);
Value array_round(Interpreter& interp, const Value& v, int64_t decimals, SourceRange where);
// int(x) / float(x) of a size-1 concrete array; traced -> ConcretizationTypeError.
Value array_to_python_scalar(Interpreter& interp, const Value& v, const char* fn, SourceRange where);
std::string array_repr_text(Interpreter& interp, const Value& v);
std::string array_str_text(Interpreter& interp, const Value& v);

// The function being traced, for tracer error messages ("kernel at k.py:3").
void set_tracing_function_name(const std::string& name);
const std::string& tracing_function_name();

}  // namespace rungs::jax
