// Named tuples: `class P(typing.NamedTuple)` and `collections.namedtuple`.
//
// A named tuple class is a ClassObj marked `tuple_fields`; its instances are
// ordinary TupleObjs whose `cls` points back at it. So indexing, unpacking,
// len, ==, hashing, dict keys and JAX's pytree flattening all see a tuple
// (they never look at `cls`), while attribute access, repr, type() and
// isinstance see the class, as CPython's tuple subclass does.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/python/classes.h"

namespace rungs::python {

// typing.NamedTuple: a base for class statements and a functional form.
Value namedtuple_base();
bool is_namedtuple_base(const Value& v);

// Turns a class whose body has run (`class P(NamedTuple): x: int ...`) into
// a named tuple class: fields from its __annotations__, defaults from the
// body, CPython's errors for a bad order or a leading underscore.
void make_namedtuple_class(Interpreter& interp, ClassObj& cls, SourceRange where);

// collections.namedtuple(typename, field_names, *, rename, defaults, module).
Value namedtuple_function(Interpreter& interp, CallArgs& call);

// An instance of the named tuple class `cls`.
Value make_named_tuple(const std::shared_ptr<ClassObj>& cls, Values items);

}  // namespace rungs::python
