// contextlib and warnings: the context managers and warning calls harness
// code wraps around kernels. Context managers here are records with
// __enter__/__exit__ methods, the form the `with` statement calls
// (exec_stmt.cpp), whose __exit__ receives only whether the body failed.
// suppress() therefore reads the failing exception by rethrowing the one
// being handled (exec_with calls __exit__ inside its catch block).
// contextlib.contextmanager is written in Python over generators
// (kContextmanagerSource), as CPython's _GeneratorContextManager is.
// warnings.warn keeps CPython's filters ("default" shows a warning once per
// call site, "error" raises it, "ignore" drops it) and records what it shows
// in warnings_log.h, since the result document has no stderr.
#include <exception>
#include <set>

#include "core/python/c_args.h"
#include "core/python/interpreter.h"
#include "core/python/exceptions.h"
#include "core/python/modules.h"
#include "core/python/value_ops.h"
#include "core/python/warnings_log.h"

namespace rungs::python {

namespace {

using Method = std::function<Value(Interpreter&, const Value&, CallArgs&)>;

// @contextmanager: __enter__ runs the generator to its yield; __exit__ runs
// it to its end, or throws the with block's exception in at the yield (a
// generator that swallows it suppresses it).
const char* const kContextmanagerSource = R"PY(
class _GeneratorContextManager:
    def __init__(self, gen, func=None, args=(), kwds=None):
        self.gen = gen
        self.func, self.args, self.kwds = func, args, kwds

    # As CPython's ContextDecorator: used as a decorator, each call of the
    # decorated function runs inside a fresh manager.
    def _recreate_cm(self):
        return self.__class__(self.func(*self.args, **self.kwds), self.func, self.args, self.kwds)

    def __call__(self, f):
        def inner(*args, **kwds):
            with self._recreate_cm():
                return f(*args, **kwds)
        inner.__name__ = getattr(f, "__name__", "inner")
        inner.__qualname__ = getattr(f, "__qualname__", "inner")
        inner.__doc__ = getattr(f, "__doc__", None)
        inner.__wrapped__ = f
        return inner

    def __enter__(self):
        try:
            return next(self.gen)
        except StopIteration:
            _raise_error("contextmanager_no_yield")

    def __exit__(self, typ, value, traceback):
        if typ is None:
            try:
                next(self.gen)
            except StopIteration:
                return False
            _raise_error("contextmanager_no_stop")
        try:
            self.gen.throw(value)
        except StopIteration as exc:
            return exc is not value
        except BaseException as exc:
            if exc is not value:
                raise
            return False
        _raise_error("contextmanager_no_stop_after_throw")


def contextmanager(func):
    def helper(*args, **kwds):
        return _GeneratorContextManager(func(*args, **kwds), func, args, kwds)
    helper.__name__ = func.__name__
    helper.__qualname__ = func.__qualname__
    helper.__wrapped__ = func
    return helper
)PY";

RecordType manager_type(const std::string& name, Method enter, Method exit) {
  RecordType t;
  t.name = name;
  t.methods["__enter__"] = std::move(enter);
  t.methods["__exit__"] = std::move(exit);
  return t;
}

bool exit_failed(const CallArgs& call) { return !call.positional.empty() && call.positional[0].is_bool() && call.positional[0].as_bool(); }

Value returns_false(Interpreter&, const Value&, CallArgs&) { return Value::boolean(false); }

// nullcontext(enter_result=None)
const RecordType& nullcontext_type() {
  static const RecordType t = manager_type(
      "nullcontext", [](Interpreter&, const Value& self, CallArgs&) { return self.as<RecordObj>().get("enter_result"); },
      returns_false);
  return t;
}

// suppress(*exceptions): true from __exit__ when the body's exception is one of them.
const RecordType& suppress_type() {
  static const RecordType t = manager_type(
      "suppress", [](Interpreter&, const Value&, CallArgs&) { return Value::none(); },
      [](Interpreter&, const Value& self, CallArgs& call) {
        if (!exit_failed(call) || !std::current_exception()) return Value::boolean(false);
        std::string type;
        try {
          throw;  // the exception the `with` statement is handling
        } catch (const EngineError& e) {
          type = e.type;
        } catch (...) {
          return Value::boolean(false);
        }
        for (const Value& cls : self.as<RecordObj>().get("exceptions").as<TupleObj>().items)
          if (exception_is_subclass(type, cls.as<BuiltinObj>().type_tag.substr(4))) return Value::boolean(true);
        return Value::boolean(false);
      });
  return t;
}

// closing(thing): thing.close() on exit.
const RecordType& closing_type() {
  static const RecordType t = manager_type(
      "closing", [](Interpreter&, const Value& self, CallArgs&) { return self.as<RecordObj>().get("thing"); },
      [](Interpreter& ip, const Value& self, CallArgs& call) {
        ip.call(ip.getattr(self.as<RecordObj>().get("thing"), "close", call.where), Values{}, call.where);
        return Value::boolean(false);
      });
  return t;
}

// Calls a record context manager's __exit__ (for ExitStack).
Value exit_manager(Interpreter& ip, const Value& cm, bool failed, SourceRange where) {
  CallArgs a;
  a.positional = {Value::boolean(failed)};
  a.where = where;
  return cm.as<RecordObj>().type->methods.at("__exit__")(ip, cm, a);
}

// ExitStack: callbacks and entered managers, unwound last-in first-out.
// Each entry is a tuple: (manager,) or (function, args, kwargs).
Value unwind(Interpreter& ip, const Value& self, bool failed, SourceRange where) {
  Value list = self.as<RecordObj>().get("entries");
  bool suppressed = false;
  while (!list.as<ListObj>().items.empty()) {
    Value entry = list.as<ListObj>().items.back();
    list.as<ListObj>().items.pop_back();
    const Values& e = entry.as<TupleObj>().items;
    if (e.size() == 1) {
      suppressed = ip.truthy(exit_manager(ip, e[0], failed && !suppressed, where)) || suppressed;
      continue;
    }
    CallArgs a;
    a.positional = e[1].as<TupleObj>().items;
    for (const auto& [k, v] : e[2].as<DictObj>().entries) a.keywords.emplace_back(k.as<StrObj>().s, v);
    a.where = where;
    ip.call(e[0], std::move(a));
  }
  return Value::boolean(suppressed);
}

const RecordType& exit_stack_type();

Value new_exit_stack() {
  auto r = std::make_shared<RecordObj>(&exit_stack_type());
  r->set("entries", make_list({}));
  return Value::object(r);
}

const RecordType& exit_stack_type() {
  static const RecordType t = [] {
    RecordType s = manager_type(
        "ExitStack", [](Interpreter&, const Value& self, CallArgs&) { return self; },
        [](Interpreter& ip, const Value& self, CallArgs& call) { return unwind(ip, self, exit_failed(call), call.where); });
    s.methods["enter_context"] = [](Interpreter& ip, const Value& self, CallArgs& call) {
      c_exactly_one(call, "ExitStack.enter_context");
      const Value& cm = call.positional[0];
      if (!cm.is(ObjKind::Record) || !cm.as<RecordObj>().type->methods.count("__enter__"))
        raise(ErrorId::not_a_context_manager, call.where, type_name(cm));
      CallArgs none;
      none.where = call.where;
      Value entered = cm.as<RecordObj>().type->methods.at("__enter__")(ip, cm, none);
      auto& items = self.as<RecordObj>().get("entries").as<ListObj>();
      items.items.push_back(make_tuple({cm}));
      items.grew();
      return entered;
    };
    s.methods["callback"] = [](Interpreter&, const Value& self, CallArgs& call) {
      if (call.positional.empty()) raise(ErrorId::missing_positional, call.where, "ExitStack.callback", 1, "", "'callback'");
      auto kw = std::make_shared<DictObj>();
      for (const auto& [k, v] : call.keywords) kw->set(make_str(k), v);
      auto& items = self.as<RecordObj>().get("entries").as<ListObj>();
      items.items.push_back(make_tuple({call.positional[0], make_tuple(Values(call.positional.begin() + 1, call.positional.end())),
                                        Value::object(kw)}));
      items.grew();
      return call.positional[0];
    };
    s.methods["close"] = [](Interpreter& ip, const Value& self, CallArgs& call) {
      unwind(ip, self, false, call.where);
      return Value::none();
    };
    s.methods["pop_all"] = [](Interpreter&, const Value& self, CallArgs&) {
      Value fresh = new_exit_stack();
      std::swap(fresh.as<RecordObj>().get("entries").as<ListObj>().items, self.as<RecordObj>().get("entries").as<ListObj>().items);
      return fresh;
    };
    return s;
  }();
  return t;
}

Value make_record(const RecordType& type, const std::string& field, Value v) {
  auto r = std::make_shared<RecordObj>(&type);
  if (!field.empty()) r->set(field, std::move(v));
  return Value::object(r);
}

void register_contextlib() {
  Interpreter::register_module("contextlib", [](Interpreter& ip) {
    auto m = new_module("contextlib");
    def(*m, "nullcontext", [](Interpreter&, CallArgs& call) {
      // A Python class in CPython: its argument errors count `self`.
      size_t given = call.positional.size() + 1;
      if (given > 2) raise(ErrorId::too_many_positional_range, call.where, "nullcontext.__init__", 1, 2, given, "were");
      Args a(call, "nullcontext.__init__", {"enter_result"}, 0);
      return make_record(nullcontext_type(), "enter_result", a[0]);
    });
    def(*m, "suppress", [](Interpreter&, CallArgs& call) {
      c_no_keywords(call, "suppress");
      for (const Value& e : call.positional)
        if (!e.is(ObjKind::Builtin) || e.as<BuiltinObj>().type_tag.rfind("exc:", 0) != 0)
          raise(ErrorId::unsupported_feature, call.where, "contextlib.suppress of anything but built-in exception classes");
      return make_record(suppress_type(), "exceptions", make_tuple(call.positional));
    });
    def(*m, "closing", [](Interpreter&, CallArgs& call) {
      Args a(call, "closing.__init__", {"thing"}, 1);
      return make_record(closing_type(), "thing", a[0]);
    });
    def(*m, "ExitStack", [](Interpreter&, CallArgs& call) {
      Args a(call, "ExitStack", {}, 0);
      return new_exit_stack();
    });
    m->attrs["contextmanager"] = ip.define_generated_function(kContextmanagerSource, "contextmanager",
                                                              "contextmanager",
                                                              {{"_raise_error", registered_error_raiser()}});
    return Value::object(m);
  });
}

}  // namespace

void register_warnings();  // below

void register_module_contextlib() {
  register_contextlib();
  register_warnings();
}

}  // namespace rungs::python
