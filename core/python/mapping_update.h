// dict(x) and d.update(x) read x the way CPython's dict_merge does: a dict
// directly, any other object with keys() as a mapping (keys(), then x[key]
// for each -- collections.Counter, defaultdict, OrderedDict are such
// objects here), else an iterable of key-value pairs.
#pragma once

#include "core/python/interpreter.h"

namespace rungs::python {

void update_dict_from(Interpreter& ip, DictObj& target, const Value& source, SourceRange where);

// A dict made from a user object with keys() ({**counter}, f(**options)),
// or null when `source` is not one.
std::shared_ptr<DictObj> dict_of_user_mapping(Interpreter& ip, const Value& source, SourceRange where);

}  // namespace rungs::python
