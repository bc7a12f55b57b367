// copy: copy() and deepcopy() as CPython 3.11 does them for the values
// harness code copies -- lists, dicts, sets, tuples (named tuples too), user
// instances (dataclasses, frozen ones included: their __dict__ is filled
// directly, as CPython's reconstruction does), __copy__/__deepcopy__ hooks,
// shared and cyclic references through the memo. Immutable values, enum
// members, functions, classes, modules and JAX arrays are returned as they
// are; NumPy ndarrays (mutable) are copied.
#include "core/python/classes.h"
#include "core/python/modules.h"

namespace rungs::python {

namespace {
const char* const kCopySource = R"PY(
import enum as _enum


class Error(Exception):
    pass


def _atomic(x):
    if x is None or isinstance(x, (bool, int, float, str, range, type)):
        return True
    if isinstance(x, _enum.Enum) or callable(x) and not _is_instance(x):
        return True
    return not (isinstance(x, (list, dict, set, tuple)) or _is_instance(x))


def _is_ndarray(x):  # NumPy arrays are mutable: copies are new arrays
    return type(x).__name__ == "ndarray" and hasattr(x, "flags")


def copy(x):
    if _is_instance(x) and hasattr(x, "__copy__"):
        return x.__copy__()
    if _is_ndarray(x):
        return x.copy()
    if _atomic(x) or isinstance(x, tuple):
        return x
    if isinstance(x, list):
        return list(x)
    if isinstance(x, dict):
        return dict(x)
    if isinstance(x, set):
        return set(x)
    return _clone(x)


def deepcopy(x, memo=None, _nil=[]):
    if memo is None:
        memo = {}
    d = id(x)
    y = memo.get(d, _nil)
    if y is not _nil:
        return y
    if _is_instance(x) and hasattr(x, "__deepcopy__"):
        y = x.__deepcopy__(memo)
    elif _is_ndarray(x):
        y = x.copy()
    elif _atomic(x):
        return x
    elif isinstance(x, list):
        y = []
        memo[d] = y
        for a in x:
            y.append(deepcopy(a, memo))
    elif isinstance(x, dict):
        y = {}
        memo[d] = y
        for k, v in x.items():
            y[deepcopy(k, memo)] = deepcopy(v, memo)
    elif isinstance(x, set):
        y = {deepcopy(a, memo) for a in x}
    elif isinstance(x, tuple):
        items = [deepcopy(a, memo) for a in x]
        if all(a is b for a, b in zip(items, x)):
            y = x
        elif hasattr(type(x), "_make"):
            y = type(x)._make(items)
        else:
            y = tuple(items)
    else:
        y = _clone(x)
        memo[d] = y
        for k, v in _items(y):
            _set(y, k, deepcopy(v, memo))
    memo[d] = y
    return y


def replace(obj, /, **changes):
    return obj.__replace__(**changes)
)PY";
}  // namespace

void register_module_copy() {
  Interpreter::register_module("copy", [](Interpreter& ip) {
    Value is_instance = make_builtin("_is_instance", [](Interpreter&, CallArgs& a) {
      return Value::boolean(a.positional.at(0).is(ObjKind::Instance));
    });
    Value clone = make_builtin("_clone", [](Interpreter& ip, CallArgs& a) {
      const auto& src = a.positional.at(0).as<InstanceObj>();
      Value out = new_bare_instance(ip, src.cls);
      for (const auto& [k, v] : src.dict->entries) out.as<InstanceObj>().dict->set(k, v);
      return out;
    });
    Value items = make_builtin("_items", [](Interpreter&, CallArgs& a) {
      Values out;
      for (const auto& [k, v] : a.positional.at(0).as<InstanceObj>().dict->entries) out.push_back(make_tuple({k, v}));
      return make_list(std::move(out));
    });
    Value set = make_builtin("_set", [](Interpreter&, CallArgs& a) {
      a.positional.at(0).as<InstanceObj>().dict->set(a.positional.at(1), a.positional.at(2));
      return Value::none();
    });
    return ip.define_generated_module("copy", kCopySource,
                                      {{"_is_instance", is_instance}, {"_clone", clone}, {"_items", items}, {"_set", set}});
  });
}

}  // namespace rungs::python
