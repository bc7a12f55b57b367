// Arrays are objects the Python runtime holds but does not understand
// (ObjKind::Array and ObjKind::Ref). What `a + b`, `x[i]`, `x.shape`,
// `len(x)`, `repr(x)`, `float(x)` or `for row in x` do with one is decided by
// the JAX library (core/jax), which installs these hooks when its modules are
// registered, the way NumPy fills CPython's type slots for ndarray. So the
// runtime never links the library, and every array behaviour lives there.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "core/lang/ast.h"
#include "core/python/objects.h"

namespace rungs::python {

// The Python operators an array implements (its __add__, __eq__, ...).
enum class ArrayBinary : uint8_t {
  Add, Sub, Mul, MatMul, TrueDiv, FloorDiv, Mod, Pow, LShift, RShift, And, Or, Xor,
  Eq, Ne, Lt, Le, Gt, Ge,
};

struct ArrayProtocol {
  Value (*binary)(Interpreter&, ArrayBinary, const Value& a, const Value& b, SourceRange) = nullptr;
  Value (*unary)(Interpreter&, lang::UnaryOpKind, const Value&, SourceRange) = nullptr;
  bool (*truthy)(Interpreter&, const Value&, SourceRange) = nullptr;
  Value (*getattr)(Interpreter&, const Value&, const std::string& name, SourceRange) = nullptr;
  Value (*getitem)(Interpreter&, const Value&, const Value& key, SourceRange) = nullptr;
  void (*setitem)(Interpreter&, const Value&, const Value& key, const Value& value, SourceRange) = nullptr;
  Value (*len)(Interpreter&, const Value&, SourceRange) = nullptr;
  Value (*abs)(Interpreter&, const Value&, SourceRange) = nullptr;
  Value (*round)(Interpreter&, const Value&, int64_t decimals, SourceRange) = nullptr;
  // int(x) / float(x): `fn` is "int" or "float".
  Value (*to_python_scalar)(Interpreter&, const Value&, const char* fn, SourceRange) = nullptr;
  std::string (*repr)(Interpreter&, const Value&) = nullptr;
  std::string (*str)(Interpreter&, const Value&) = nullptr;
  // For iteration: the length of the leading axis, or nullopt for rank 0.
  std::optional<int64_t> (*leading_dim)(const Value&) = nullptr;
  // type(x).__name__: "ArrayImpl", "DynamicJaxprTracer", "TransformedRef".
  const char* (*type_name)(const Value&) = nullptr;
  // A concrete rank-0 array as the Python number it holds (int, float or
  // bool), for %-formatting and index use; nullopt otherwise.
  std::optional<Value> (*concrete_scalar)(const Value&) = nullptr;
  // `a op= b` on an array that is updated in place (a NumPy ndarray): sets
  // `out` to a and returns true; false leaves it to `binary` (a rebinding).
  bool (*inplace)(Interpreter&, ArrayBinary, const Value& a, const Value& b, SourceRange, Value& out) = nullptr;
  // type(x) for an array, when the library has a type object for it
  // (numpy.ndarray, numpy.float64); nullopt: a type named by type_name.
  std::optional<Value> (*type_object)(Interpreter&, const Value&) = nullptr;
  // isinstance(v, t) for a library type object t (np.float64, np.integer);
  // nullopt when t is not one.
  std::optional<bool> (*isinstance)(Interpreter&, const Value& v, const Value& t) = nullptr;
};
// round(x) without ndigits reaches ArrayProtocol::round as this many
// decimals (NumPy 2's scalars then return a Python int).
constexpr int64_t kRoundNoDigits = INT64_MIN;

// Installed once by the JAX library; every hook is set by then. No array can
// exist before it (only the library creates them).
void install_array_protocol(const ArrayProtocol& protocol);
const ArrayProtocol& array_protocol();

inline bool is_array(const Value& v) { return v.is(ObjKind::Array) || v.is(ObjKind::Ref); }

}  // namespace rungs::python
