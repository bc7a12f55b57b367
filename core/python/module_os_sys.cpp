// os, os.path and sys: what harness code around a kernel asks of its
// environment (`os.environ.get("XLA_FLAGS", "")`, `sys.version_info >=
// (3, 10)`, `os.path.join(out_dir, name)`). Rungs runs in a browser tab as
// well as natively, and a run must give the same output everywhere, so
// nothing here reads the real machine: os.environ starts empty (a plain
// dict the program may fill; setting XLA_FLAGS changes nothing in the
// engine), no file exists, sys describes a CPython 3.11 on 64-bit Linux and
// sys.argv is [the program's file name].
#include <cfloat>

#include "core/python/classes.h"
#include "core/python/exceptions.h"
#include "core/python/modules.h"
#include "core/python/operators.h"
#include "core/python/sys_modules.h"
#include "core/python/value_ops.h"

namespace rungs::python {

namespace {

// The process environment as the program sees it. A dict, so get/[]/in/
// keys/items/setdefault/pop behave as os.environ's do for str keys.
struct EnvironState : StageState {
  Value environ = Value::object(std::make_shared<DictObj>());
};

}  // namespace

Value os_environ(Interpreter& ip) { return ip.state<EnvironState>().environ; }

namespace {

const std::string& path_arg(const Value& v, SourceRange where) {
  if (!v.is(ObjKind::Str)) raise(ErrorId::os_path_type, where, type_name(v));
  return v.as<StrObj>().s;
}

// posixpath.join: an absolute component restarts the path.
Value path_join(Interpreter&, const Args& a) {
  std::string out = path_arg(a[0], a.where());
  for (const Value& part : a.rest()) {
    if (!part.is(ObjKind::Str)) raise(ErrorId::os_path_join_type, a.where(), type_name(part));
    const std::string& p = part.as<StrObj>().s;
    if (!p.empty() && p[0] == '/') out = p;
    else if (out.empty() || out.back() == '/') out += p;
    else out += "/" + p;
  }
  return make_str(out);
}

// posixpath.split: (head, tail), trailing slashes stripped from head unless it is all slashes.
std::pair<std::string, std::string> split_path(const std::string& p) {
  size_t cut = p.rfind('/') == std::string::npos ? 0 : p.rfind('/') + 1;
  std::string head = p.substr(0, cut), tail = p.substr(cut);
  if (!head.empty() && head.find_first_not_of('/') != std::string::npos)
    head.erase(head.find_last_not_of('/') + 1);
  return {head, tail};
}

// posixpath.splitext: the last dot of the last component, ignoring leading dots.
Value splitext(const std::string& p) {
  size_t slash = p.rfind('/'), dot = p.rfind('.');
  size_t name_start = slash == std::string::npos ? 0 : slash + 1;
  if (dot == std::string::npos || dot < name_start) return make_tuple({make_str(p), make_str("")});
  size_t first_real = p.find_first_not_of('.', name_start);
  if (first_real == std::string::npos || dot < first_real) return make_tuple({make_str(p), make_str("")});
  return make_tuple({make_str(p.substr(0, dot)), make_str(p.substr(dot))});
}

Value make_path_module() {
  auto m = new_module("posixpath");
  def_signature(*m, "join", {"a"}, 1, path_join, true);
  def_signature(*m, "basename", {"p"}, 1, [](Interpreter&, const Args& a) {
    return make_str(split_path(path_arg(a[0], a.where())).second);
  });
  def_signature(*m, "dirname", {"p"}, 1, [](Interpreter&, const Args& a) {
    return make_str(split_path(path_arg(a[0], a.where())).first);
  });
  def_signature(*m, "split", {"p"}, 1, [](Interpreter&, const Args& a) {
    auto [head, tail] = split_path(path_arg(a[0], a.where()));
    return make_tuple({make_str(head), make_str(tail)});
  });
  def_signature(*m, "splitext", {"p"}, 1, [](Interpreter&, const Args& a) { return splitext(path_arg(a[0], a.where())); });
  // No file system: nothing exists (CPython answers False, never raises, for a bad argument too).
  for (const char* name : {"exists", "isfile", "isdir"})
    def_signature(*m, name, {"path"}, 1, [](Interpreter&, const Args&) { return Value::boolean(false); });
  def_value(*m, "sep", make_str("/"));
  return Value::object(m);
}

void register_os() {
  Interpreter::register_module("os", [](Interpreter& ip) {
    auto m = new_module("os");
    def_value(*m, "environ", ip.state<EnvironState>().environ);
    def_signature(*m, "getenv", {"key", "default"}, 1, [](Interpreter& ip, const Args& a) {
      if (!a[0].is(ObjKind::Str)) raise(ErrorId::os_str_expected, a.where(), type_name(a[0]));
      const Value* v = ip.state<EnvironState>().environ.as<DictObj>().find(a[0]);
      return v ? *v : a[1];
    });
    def_value(*m, "path", make_path_module());
    def_value(*m, "sep", make_str("/"));
    def_value(*m, "name", make_str("posix"));
    def_value(*m, "linesep", make_str("\n"));
    return Value::object(m);
  });
  Interpreter::register_module("os.path", [](Interpreter& ip) { return ip.getattr(ip.import_module("os", {}), "path", {}); });
}

// sys.version_info: a tuple to compare and index, with named fields. Built
// as a one-off class whose dunders delegate to the plain tuple, so `>=
// (3, 10)`, `[:2]`, unpacking and .major all behave as CPython's struct sequence.
Value make_version_info(Interpreter& ip) {
  Value tuple = make_tuple({Value::integer(3), Value::integer(11), Value::integer(7), make_str("final"), Value::integer(0)});
  auto cls = std::make_shared<ClassObj>();
  cls->name = cls->qualname = "version_info";
  cls->mro = {cls.get()};
  auto method = [&](const char* name, BuiltinFn fn) { cls->dict->set(make_str(name), make_builtin(name, std::move(fn))); };
  method("__repr__", [](Interpreter&, CallArgs&) {
    return make_str("sys.version_info(major=3, minor=11, micro=7, releaselevel='final', serial=0)");
  });
  method("__len__", [](Interpreter&, CallArgs&) { return Value::integer(5); });
  method("__getitem__", [tuple](Interpreter& ip, CallArgs& c) { return ip.getitem(tuple, c.positional.at(0), c.where); });
  method("__iter__", [tuple](Interpreter&, CallArgs&) { return tuple; });
  method("__hash__", [tuple](Interpreter& ip, CallArgs& c) { return ip.call(builtins_table().at("hash"), Values{tuple}, c.where); });
  const std::pair<const char*, lang::CmpOpKind> compares[] = {
      {"__eq__", lang::CmpOpKind::Eq}, {"__ne__", lang::CmpOpKind::NotEq}, {"__lt__", lang::CmpOpKind::Lt},
      {"__le__", lang::CmpOpKind::LtE}, {"__gt__", lang::CmpOpKind::Gt},   {"__ge__", lang::CmpOpKind::GtE}};
  for (const auto& [name, op] : compares) {
    lang::CmpOpKind cmp = op;
    method(name, [tuple, cmp](Interpreter& ip, CallArgs& c) {
      Value other = c.positional.at(0);
      if (user_class_of(other) && type_name(other) == "version_info") other = ip.call(builtins_table().at("tuple"), Values{other});
      return compare_op(ip, cmp, tuple, other, c.where);
    });
  }
  Value info = ip.call(cls->value(), Values{}, {});
  const char* fields[] = {"major", "minor", "micro", "releaselevel", "serial"};
  for (size_t i = 0; i < 5; ++i) ip.setattr(info, fields[i], tuple.as<TupleObj>().items[i], {});
  return info;
}

// sys.float_info: IEEE double, as CPython reports it on every platform Rungs runs on.
const RecordType& float_info_type() {
  static const RecordType type = [] {
    RecordType t;
    t.name = "float_info";
    t.repr = [](const RecordObj& r, Interpreter& ip) {
      std::string out = "sys.float_info(";
      for (size_t i = 0; i < r.fields.size(); ++i) out += (i ? ", " : "") + r.fields[i].first + "=" + ip.repr(r.fields[i].second);
      return out + ")";
    };
    return t;
  }();
  return type;
}

Value make_float_info() {
  auto r = std::make_shared<RecordObj>(&float_info_type());
  r->set("max", Value::floating(DBL_MAX));
  r->set("max_exp", Value::integer(DBL_MAX_EXP));
  r->set("max_10_exp", Value::integer(DBL_MAX_10_EXP));
  r->set("min", Value::floating(DBL_MIN));
  r->set("min_exp", Value::integer(DBL_MIN_EXP));
  r->set("min_10_exp", Value::integer(DBL_MIN_10_EXP));
  r->set("dig", Value::integer(DBL_DIG));
  r->set("mant_dig", Value::integer(DBL_MANT_DIG));
  r->set("epsilon", Value::floating(DBL_EPSILON));
  r->set("radix", Value::integer(FLT_RADIX));
  r->set("rounds", Value::integer(1));
  return Value::object(r);
}

// sys.exit(status=None): raises SystemExit, which `except Exception` does not
// catch; uncaught, it ends the run as an error document of type SystemExit
// (the engine has no notion of a process exit status for the program).
Value sys_exit(Interpreter& ip, const Args& a) {
  Value exc = ip.call(exception_class("SystemExit"), a.has(0) ? Values{a[0]} : Values{}, a.where());
  exc.as<ExceptionObj>().id = ErrorId::system_exit;
  throw error_from_exception(exc.as<ExceptionObj>(), a.where());
}

void register_sys() {
  Interpreter::register_module("sys", [](Interpreter& ip) {
    auto m = new_module("sys");
    def_value(*m, "version_info", make_version_info(ip));
    def_value(*m, "version", make_str("3.11.7 (main) [Rungs]"));
    def_value(*m, "argv", make_list({make_str(ip.filename())}));
    def_value(*m, "maxsize", Value::integer(INT64_MAX));
    def_value(*m, "platform", make_str("linux"));
    def_value(*m, "byteorder", make_str("little"));
    def_value(*m, "float_info", make_float_info());
    def_value(*m, "modules", Value::object(sys_modules(ip)));
    def_signature(*m, "exit", {"status"}, 0, sys_exit);
    def_signature(*m, "getrecursionlimit", {}, 0, [](Interpreter& ip, const Args&) {
      return Value::integer(ip.limits().max_depth);
    });
    return Value::object(m);
  });
}

}  // namespace

void register_module_os_sys() {
  register_os();
  register_sys();
}

}  // namespace rungs::python
