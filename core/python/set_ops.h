// Set operations in CPython's algorithms (Objects/setobject.c), shared by
// the operators (set_ops.cpp) and the methods (set_methods.cpp): which
// operand is iterated and which is copied decides the result's table
// layout, so its printed order (set_table.h).
#pragma once

#include <memory>

#include "core/python/interpreter.h"

namespace rungs::python {

using SetPtr = std::shared_ptr<SetObj>;

// set_update_internal: a set merges, a dict presizes, others add one by one.
void set_update_from(Interpreter& ip, SetObj& target, const Value& iterable);
SetPtr set_copy(const SetObj& s);  // same frozenness
SetPtr set_intersection(Interpreter& ip, const SetObj& so, const Value& other);
SetPtr set_difference(Interpreter& ip, const SetObj& so, const Value& other);
void set_difference_update(Interpreter& ip, SetObj& so, const Value& other);
void set_symmetric_difference_update(Interpreter& ip, SetObj& so, const Value& other);
// Replaces target's contents by source's (set_swap_bodies).
void set_assign(SetObj& target, SetObj& source);
// set.xxx methods.
Value set_method(Interpreter& ip, const Value& self, const std::string& name, SourceRange where);

}  // namespace rungs::python
