// functools: partial (used to bind kernel parameters and to configure
// decorators such as jax.jit) and reduce in C++; lru_cache, cache, wraps,
// update_wrapper, cached_property, total_ordering and cmp_to_key in Python
// (functools_source.cpp).
#include "core/python/args.h"
#include "core/python/library_sources.h"
#include "core/python/modules.h"
#include "core/python/named_tuples.h"

namespace rungs::python {

namespace {
const RecordType& partial_type() {
  static const RecordType type = [] {
    RecordType t;
    t.name = "partial";
    t.repr = [](const RecordObj& r, Interpreter& ip) {
      std::string text = "functools.partial(" + ip.repr(r.get("func"));
      for (const Value& arg : r.get("args").as<TupleObj>().items) text += ", " + ip.repr(arg);
      for (const auto& [k, v] : r.get("keywords").as<DictObj>().entries) text += ", " + k.as<StrObj>().s + "=" + ip.repr(v);
      return text + ")";
    };
    t.call = [](Interpreter& ip, const Value& self, CallArgs& call) {
      const RecordObj& r = self.as<RecordObj>();
      CallArgs merged;
      merged.where = call.where;
      merged.positional = r.get("args").as<TupleObj>().items;
      merged.positional.insert(merged.positional.end(), call.positional.begin(), call.positional.end());
      for (const auto& [k, v] : r.get("keywords").as<DictObj>().entries) {
        bool overridden = false;
        for (const auto& kw : call.keywords) overridden = overridden || kw.first == k.as<StrObj>().s;
        if (!overridden) merged.keywords.emplace_back(k.as<StrObj>().s, v);
      }
      merged.keywords.insert(merged.keywords.end(), call.keywords.begin(), call.keywords.end());
      return ip.call(r.get("func"), std::move(merged));
    };
    return t;
  }();
  return type;
}
// singledispatch's register(func) without a class: the class is the first
// parameter's annotation, which Rungs otherwise never evaluates; evaluated
// here in the function's own scope, as typing.get_type_hints would.
Value first_annotation(Interpreter& ip, CallArgs& a) {
  const Value& f = a.positional.at(0);
  if (f.is(ObjKind::Function)) {
    const auto& fn = f.as<FunctionObj>();
    const auto& params = fn.params();
    if (!params.empty() && params[0].annotation) return ip.eval(*params[0].annotation, fn.closure);
  }
  return Value::none();  // the caller raises CPython's TypeError
}
}  // namespace

Value unwrap_partial(const Value& fn) {
  Value f = fn;
  while (f.is(ObjKind::Record) && f.as<RecordObj>().type == &partial_type()) f = f.as<RecordObj>().get("func");
  return f;
}

void register_module_functools() {
  Interpreter::register_module("functools", [](Interpreter& ip) {
    Value module = ip.define_generated_module(
        "functools", kFunctoolsSource,
        {{"_raise_error", registered_error_raiser()},
         {"_namedtuple", make_builtin("namedtuple", namedtuple_function)},
         {"_first_annotation", make_builtin("_first_annotation", first_annotation)},
         {"_is_type", make_builtin("_is_type", [](Interpreter&, CallArgs& a) {
            const Value& v = a.positional.at(0);
            return Value::boolean(v.is(ObjKind::Class) ||
                                  (v.is(ObjKind::Builtin) && !v.as<BuiltinObj>().type_tag.empty()));
          })}});
    auto m = std::static_pointer_cast<ModuleObj>(module.obj_ptr());
    def(*m, "partial", [](Interpreter&, CallArgs& call) {
      if (call.positional.empty()) raise(ErrorId::builtin_expected_at_least, call.where, "partial", 1, "", 0);
      auto r = std::make_shared<RecordObj>(&partial_type());
      r->set("func", call.positional[0]);
      r->set("args", make_tuple(Values(call.positional.begin() + 1, call.positional.end())));
      auto kw = std::make_shared<DictObj>();
      for (const auto& [k, v] : call.keywords) kw->set(make_str(k), v);
      r->set("keywords", Value::object(kw));
      return Value::object(r);
    });
    def(*m, "reduce", [](Interpreter& ip, CallArgs& call) {
      Args a(call, "reduce", {"function", "iterable", "initial"}, 2);
      Values items = ip.iterate(a[1]);
      size_t start = 0;
      Value acc;
      if (a.has(2)) {
        acc = a[2];
      } else {
        if (items.empty()) raise(ErrorId::reduce_empty, call.where);
        acc = items[0];
        start = 1;
      }
      for (size_t i = start; i < items.size(); ++i) acc = ip.call(a[0], Values{acc, items[i]}, call.where);
      return acc;
    });
    return module;
  });
}

}  // namespace rungs::python
