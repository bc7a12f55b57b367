// Python's operators on host values: arithmetic, comparison, containment and
// item deletion. Ints are 64-bit (overflow is an OverflowError, not a silent
// wrap); arrays and tracers dispatch to the jnp layer, which applies JAX's
// promotion and records or computes the primitive.
#pragma once

#include "core/python/objects.h"
#include "core/lang/ast.h"

namespace rungs::python {

// `inplace` marks augmented assignment (list += extends in place).
Value binary_op(Interpreter& interp, lang::BinOpKind op, const Value& a, const Value& b,
                SourceRange where, bool inplace);
Value unary_op(Interpreter& interp, lang::UnaryOpKind op, const Value& v, SourceRange where);
Value compare_op(Interpreter& interp, lang::CmpOpKind op, const Value& a, const Value& b,
                 SourceRange where);

// Python == on plain values (arrays compare by identity here; jnp handles
// elementwise ==). Used by `in`, list.index, dict lookups of equal keys.
bool py_equal(Interpreter& interp, const Value& a, const Value& b);
// a < b for sorting; raises TypeError for unorderable pairs.
bool py_less(Interpreter& interp, const Value& a, const Value& b, SourceRange where);

// Set algebra and subset comparisons, dict | dict (set_ops.cpp): false when
// the operands are not theirs.
bool container_binary(Interpreter& interp, lang::BinOpKind op, const Value& a, const Value& b, bool inplace,
                      Value& out);
bool set_compare(lang::CmpOpKind op, const Value& a, const Value& b, Value& out);

void delitem(Interpreter& interp, const Value& container, const Value& key, SourceRange where);
// del list[index] and del list[slice] (subscript.cpp, next to slice assignment).
void list_delete(Interpreter& interp, ListObj& list, const Value& key, SourceRange where);

// The name Python shows for a callable in argument errors ("f", "print").
std::string callable_name(const Value& callee);

}  // namespace rungs::python
