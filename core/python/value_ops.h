// Generic operations on host values that do not need an interpreter:
// Python type names, dict/set hash keys, identity and numeric coercions.
#pragma once

#include <string>

#include "core/python/objects.h"

namespace rungs::python {

// type(v).__name__ as Python prints it in error messages ("int", "list",
// "ArrayImpl", "BlockSpec", "function").
std::string type_name(const Value& v);

// A canonical text such that equal hashable values (1 == 1.0 == True) map to
// the same key. Raises TypeError "unhashable type" for lists, dicts, arrays.
std::string hash_key(const Value& v);

// Python int/float coercions used by builtins; raise TypeError on others.
bool is_int_like(const Value& v);     // int or bool
int64_t to_index(const Value& v, SourceRange where);  // operator.index()

}  // namespace rungs::python
