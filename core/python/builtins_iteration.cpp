// Python's iteration builtins: range, enumerate, zip, map, filter (lazy),
// sorted, reversed, any/all (stopping early), iter and next.
#include "core/python/builtins_parts.h"
#include "core/python/classes.h"
#include "core/python/exceptions.h"
#include "core/python/generators.h"
#include "core/python/int_value.h"
#include "core/python/iteration.h"
#include "core/python/library_iterators.h"
#include "core/python/operators.h"
#include "core/python/value_ops.h"

namespace rungs::python {

void add_iteration_builtins(const DefineBuiltin& def_builtin) {
  auto def = [&def_builtin](const std::string& name, BuiltinFn fn, const std::string& tag = "") { def_builtin(name, std::move(fn), tag); };
  def("range", [](Interpreter&, CallArgs& a) {
    arity(a, 1, 3, "range");
    // CPython's range holds big ints, but cannot measure or index one that
    // large; Rungs' range is int64, so it refuses at once in those words.
    for (const Value& v : a.positional)
      if (is_big(v)) raise(ErrorId::ssize_t_overflow, a.where);
    int64_t start = 0, stop, step = 1;
    if (a.positional.size() == 1) {
      stop = to_index(a.positional[0], a.where);
    } else {
      start = to_index(a.positional[0], a.where);
      stop = to_index(a.positional[1], a.where);
      if (a.positional.size() == 3) step = to_index(a.positional[2], a.where);
    }
    if (step == 0) raise(ErrorId::range_step_zero, a.where);
    return Value::object(std::make_shared<RangeObj>(start, stop, step));
  }, "range");
  def("enumerate", [](Interpreter& ip, CallArgs& a) {
    arity(a, 1, 2, "enumerate");
    int64_t start = a.positional.size() > 1 ? to_index(a.positional[1], a.where) : 0;
    if (const Value* s = a.keyword("start")) start = to_index(*s, a.where);
    auto it = std::make_shared<Iterator>(make_iterator(ip, a.positional[0], a.where));
    auto i = std::make_shared<int64_t>(start);
    return Value::object(std::make_shared<IteratorObj>([it, i](Value& out) {
      Value v;
      if (!(*it)(v)) return false;
      out = make_tuple({Value::integer((*i)++), v});
      return true;
    }));
  });
  def("zip", [](Interpreter& ip, CallArgs& a) {
    auto its = std::make_shared<std::vector<Iterator>>();
    for (const Value& v : a.positional) its->push_back(make_iterator(ip, v, a.where));
    return Value::object(std::make_shared<IteratorObj>([its](Value& out) {
      if (its->empty()) return false;
      Values row;
      for (auto& it : *its) {
        Value v;
        if (!it(v)) return false;
        row.push_back(v);
      }
      out = make_tuple(row);
      return true;
    }));
  });
  // map and filter are lazy, as in CPython: they pull one item per next(),
  // so they work over generators, infinite ones included.
  def("map", [](Interpreter& ip, CallArgs& a) {
    arity(a, 2, 64, "map");
    Value fn = a.positional[0];
    auto sources = std::make_shared<std::vector<Iterator>>();
    for (size_t i = 1; i < a.positional.size(); ++i)
      sources->push_back(make_iterator(ip, a.positional[i], a.where));
    Interpreter* p = &ip;
    SourceRange where = a.where;
    return library_iterator(ip, "", "map", [p, fn, sources, where](Value& out) {
      Values args;
      for (auto& it : *sources) {
        Value v;
        if (!it(v)) return false;
        args.push_back(v);
      }
      out = p->call(fn, args, where);
      return true;
    });
  });
  def("filter", [](Interpreter& ip, CallArgs& a) {
    arity(a, 2, 2, "filter");
    Value fn = a.positional[0];
    auto source = std::make_shared<Iterator>(make_iterator(ip, a.positional[1], a.where));
    Interpreter* p = &ip;
    SourceRange where = a.where;
    return library_iterator(ip, "", "filter", [p, fn, source, where](Value& out) {
      Value v;
      while ((*source)(v)) {
        p->tick();
        if (fn.is_none() ? p->truthy(v) : p->truthy(p->call(fn, Values{v}, where))) {
          out = v;
          return true;
        }
      }
      return false;
    });
  });
  def("sorted", [](Interpreter& ip, CallArgs& a) {
    arity(a, 1, 1, "sorted");
    return make_list(sort_values(ip, ip.iterate(a.positional[0]), a));
  });
  def("reversed", [](Interpreter& ip, CallArgs& a) {
    arity(a, 1, 1, "reversed");
    Values items = ip.iterate(a.positional[0]);
    return make_list(Values(items.rbegin(), items.rend()));
  });
  def("any", [](Interpreter& ip, CallArgs& a) {
    arity(a, 1, 1, "any");
    Iterator it = make_iterator(ip, a.positional[0], a.where);  // stops at the first true item
    for (Value v; it(v);)
      if (ip.truthy(v)) return Value::boolean(true);
    return Value::boolean(false);
  });
  def("all", [](Interpreter& ip, CallArgs& a) {
    arity(a, 1, 1, "all");
    Iterator it = make_iterator(ip, a.positional[0], a.where);  // stops at the first false item
    for (Value v; it(v);)
      if (!ip.truthy(v)) return Value::boolean(false);
    return Value::boolean(true);
  });
  def("iter", [](Interpreter& ip, CallArgs& a) {
    arity(a, 1, 1, "iter");
    if (a.positional[0].is(ObjKind::Iterator)) return a.positional[0];  // iter(it) is it
    auto it = std::make_shared<Iterator>(make_iterator(ip, a.positional[0], a.where));
    return Value::object(std::make_shared<IteratorObj>([it](Value& out) { return (*it)(out); }));
  });
  def("next", [](Interpreter& ip, CallArgs& a) {
    arity(a, 1, 2, "next");
    if (user_class_of(a.positional[0])) {
      Value out;
      try {
        if (call_dunder(ip, a.positional[0], "__next__", {}, out, a.where)) return out;
      } catch (EngineError& e) {
        if (e.type != "StopIteration" || a.positional.size() < 2) throw;
        return a.positional[1];
      }
    }
    if (!a.positional[0].is(ObjKind::Iterator)) raise(ErrorId::not_an_iterator, a.where, type_name(a.positional[0]));
    if (GeneratorState* g = generator_of(a.positional[0])) {
      try {
        return ip.generator_send(*g, Value::none(), a.where);  // StopIteration carries the return value
      } catch (EngineError& e) {
        if (e.type != "StopIteration" || a.positional.size() < 2) throw;
        return a.positional[1];
      }
    }
    Value out;
    if (a.positional[0].as<IteratorObj>().next(out)) return out;
    if (a.positional.size() > 1) return a.positional[1];
    raise(ErrorId::next_exhausted, a.where);
  });
}

}  // namespace rungs::python
