// globals() and locals() (namespaces.h). A module's Env keeps its variables
// in a map, not a dict object, so globals() is a mapping object over it:
// each read and write goes to the module's variables. Its keys come sorted
// (the Env does not record the order names were first bound).
#include "core/python/namespaces.h"

#include <algorithm>

#include "core/python/sys_modules.h"
#include "core/python/value_ops.h"

namespace rungs::python {

namespace {

const char* const kNamespaceSource = R"PY(
_MISSING = object()


class namespace:
    # globals(): the module's variables, read and written live.
    def __init__(self, access):
        self._access = access

    def __getitem__(self, key):
        value = self._access("get", key, _MISSING)
        if value is _MISSING:
            raise KeyError(key)
        return value

    def __setitem__(self, key, value):
        self._access("set", key, value)

    def __delitem__(self, key):
        if not self._access("del", key, None):
            raise KeyError(key)

    def __contains__(self, key):
        return self._access("get", key, _MISSING) is not _MISSING

    def keys(self):
        return self._access("keys", None, None)

    def __iter__(self):
        return iter(self.keys())

    def __len__(self):
        return len(self.keys())

    def values(self):
        return [self[key] for key in self.keys()]

    def items(self):
        return [(key, self[key]) for key in self.keys()]

    def get(self, key, default=None):
        value = self._access("get", key, _MISSING)
        return default if value is _MISSING else value

    def setdefault(self, key, default=None):
        if key not in self:
            self[key] = default
        return self[key]

    def pop(self, key, *default):
        value = self._access("get", key, _MISSING)
        if value is _MISSING:
            if default:
                return default[0]
            raise KeyError(key)
        del self[key]
        return value

    def update(self, other=(), **kwargs):
        for key, value in dict(other, **kwargs).items():
            self[key] = value

    def copy(self):
        return dict(self.items())

    def __eq__(self, other):
        return self.copy() == other

    def __repr__(self):
        return repr(self.copy())
)PY";

struct NamespaceState : StageState {
  Value cls;  // the namespace class above, made on first use
};

// The module Env that `env` belongs to, shared (the Env records it raw).
EnvPtr module_env(Interpreter& ip, const EnvPtr& env) {
  Env* target = env->globals ? env->globals : env.get();
  if (target == ip.globals().get()) return ip.globals();
  if (target == env.get()) return env;
  for (const auto& [name, module] : sys_modules(ip)->entries) {
    if (module.is(ObjKind::Module) && module.as<ModuleObj>().globals.get() == target) return module.as<ModuleObj>().globals;
  }
  return nullptr;
}

}  // namespace

Value namespace_snapshot(const std::unordered_map<std::string, Value>& vars, const std::vector<std::string>* order) {
  auto dict = std::make_shared<DictObj>();
  std::vector<std::string> names;
  if (order) {
    for (const std::string& n : *order)
      if (vars.count(n)) names.push_back(n);
  } else {
    for (const auto& [n, v] : vars) names.push_back(n);
    std::sort(names.begin(), names.end());
  }
  for (const std::string& n : names) dict->set(make_str(n), vars.at(n));
  return Value::object(dict);
}

namespace {

Value live_view(Interpreter& ip, const EnvPtr& module) {
  std::weak_ptr<Env> weak = module;  // the view must not keep a module alive
  Value access = make_builtin("namespace_access", [weak](Interpreter&, CallArgs& a) -> Value {
    EnvPtr env = weak.lock();
    const std::string op = a.positional.at(0).as<StrObj>().s;
    if (op == "keys") {
      Values keys;
      if (env) {
        std::vector<std::string> names;
        for (const auto& [n, v] : env->vars) names.push_back(n);
        std::sort(names.begin(), names.end());
        for (const std::string& n : names) keys.push_back(make_str(n));
      }
      return make_list(keys);
    }
    const Value& key = a.positional.at(1);
    if (!key.is(ObjKind::Str) || !env) return op == "get" ? a.positional.at(2) : Value::boolean(false);
    const std::string& name = key.as<StrObj>().s;
    if (op == "get") {
      auto it = env->vars.find(name);
      return it == env->vars.end() ? a.positional.at(2) : it->second;
    }
    if (op == "set") {
      env->vars[name] = a.positional.at(2);
      return Value::none();
    }
    return Value::boolean(env->vars.erase(name) > 0);  // "del"
  });
  Value& cls = ip.state<NamespaceState>().cls;
  if (cls.is_none()) cls = ip.getattr(ip.define_generated_module("builtins.namespace", kNamespaceSource, {}), "namespace", {});
  return ip.call(cls, Values{access});
}

}  // namespace

Value namespace_view(Interpreter& ip, const EnvPtr& env, bool locals) {
  EnvPtr module = module_env(ip, env);
  bool at_module_level = module && module.get() == env.get();
  if (locals && !at_module_level)
    return namespace_snapshot(env->vars, env->scope ? &env->scope->locals : nullptr);
  if (!module) return namespace_snapshot(env->vars, nullptr);
  return live_view(ip, module);
}

}  // namespace rungs::python
