// warnings: warn() with CPython's filter actions, simplefilter,
// filterwarnings, resetwarnings and catch_warnings(record=...). What a
// warning shows goes to the interpreter's log (warnings_log.h), in CPython's
// stderr format, because the result document has no stderr and stdout must
// stay CPython's. Two simplifications, both about where a warning points:
// the line is always warn()'s call site (stacklevel > 1 would need the
// caller's frame, which the runtime does not expose), and the source line
// CPython prints under it is left out. filterwarnings' `message` is matched
// as a literal prefix (there is no `re`), `module` and `lineno` are accepted
// and not used.
#include <set>

#include "core/python/c_args.h"
#include "core/python/exceptions.h"
#include "core/python/modules.h"
#include "core/python/value_ops.h"
#include "core/python/warnings_log.h"

namespace rungs::python {

namespace {

struct Filter {
  std::string action, message, category;  // category: a Warning class name
};

struct WarningsState : StageState {
  std::vector<Filter> filters;                // first match wins
  std::set<std::string> shown_keys;           // "default" shows once per (text, category, line)
  std::vector<std::string> log;               // what was shown
  std::vector<std::vector<Filter>> saved;     // catch_warnings nesting
  std::vector<Value> recorders;               // catch_warnings(record=True) lists, or None
};

bool valid_action(const std::string& a) {
  for (const char* ok : {"default", "error", "ignore", "always", "module", "once"})
    if (a == ok) return true;
  return false;
}

// The Warning class name a category argument names; TypeError otherwise.
std::string category_name(const Value& category, SourceRange where) {
  if (category.is_none()) return "UserWarning";
  if (category.is(ObjKind::Builtin)) {
    const std::string& tag = category.as<BuiltinObj>().type_tag;
    if (tag.rfind("exc:", 0) == 0 && exception_is_subclass(tag.substr(4), "Warning")) return tag.substr(4);
  }
  raise(ErrorId::warnings_category_type, where, type_name(category));
}

// The class object for a category: the builtin itself where there is one,
// so `w.category is UserWarning` holds.
Value category_class(const std::string& name) {
  auto it = builtins_table().find(name);
  return it != builtins_table().end() ? it->second : exception_class(name);
}

const RecordType& warning_message_type() {
  static const RecordType t = [] {
    RecordType r;
    r.name = "WarningMessage";
    r.repr = [](const RecordObj& w, Interpreter& ip) {
      return "{message : " + ip.repr(w.get("message")) + ", category : '" + w.get("category").as<BuiltinObj>().type_tag.substr(4) +
             "', filename : " + ip.repr(w.get("filename")) + ", lineno : " + ip.repr(w.get("lineno")) + ", line : None}";
    };
    return r;
  }();
  return t;
}

Value warn(Interpreter& ip, CallArgs& call) {
  CArgs a(call, "warn", {"message", "category", "stacklevel", "source"}, 1, CArgs::Style::Clinic);
  std::string category, text;
  if (a[0].is(ObjKind::Exception) && exception_is_subclass(a[0].as<ExceptionObj>().type, "Warning")) {
    category = a[0].as<ExceptionObj>().type;
    text = a[0].as<ExceptionObj>().message;
  } else {
    category = category_name(a[1], call.where);
    text = ip.str(a[0]);
  }
  auto& st = ip.state<WarningsState>();
  std::string action = "default";
  for (const Filter& f : st.filters) {
    if (exception_is_subclass(category, f.category) && text.compare(0, f.message.size(), f.message) == 0) {
      action = f.action;
      break;
    }
  }
  if (action == "ignore") return Value::none();
  Value exc = ip.call(category_class(category), Values{make_str(text)}, call.where);
  if (action == "error") throw error_from_exception(exc.as<ExceptionObj>(), call.where);
  // Generated library code warns at the user's call into it, as stacklevel=2 would.
  SourceRange site = ip.user_site();
  int64_t line = site.known() ? site.line : call.where.line;
  const std::string& file = ip.file_name(site.known() ? site.file : call.where.file);
  if (!st.recorders.empty() && !st.recorders.back().is_none()) {
    auto w = std::make_shared<RecordObj>(&warning_message_type());
    w->set("message", exc);
    w->set("category", category_class(category));
    w->set("filename", make_str(file));
    w->set("lineno", Value::integer(line));
    auto& list = st.recorders.back().as<ListObj>();
    list.items.push_back(Value::object(w));
    list.grew();
    return Value::none();
  }
  std::string key = category + "\n" + std::to_string(line) + "\n" + text;
  if (action != "always" && !st.shown_keys.insert(key).second) return Value::none();
  st.log.push_back(file + ":" + std::to_string(line) + ": " + category + ": " + text);
  return Value::none();
}

void add_filter(Interpreter& ip, const Args& a, const Value& action, const std::string& message, const Value& category, bool append) {
  std::string act = action.is(ObjKind::Str) ? action.as<StrObj>().s : "";
  if (!valid_action(act)) raise(ErrorId::warnings_invalid_action, a.where(), ip.repr(action));
  Filter f{act, message, category.is_none() ? "Warning" : category_name(category, a.where())};
  auto& filters = ip.state<WarningsState>().filters;
  if (append) filters.push_back(f);
  else filters.insert(filters.begin(), f);
}

const RecordType& catch_warnings_type() {
  static const RecordType t = [] {
    RecordType r;
    r.name = "catch_warnings";
    r.repr = [](const RecordObj& c, Interpreter&) {
      return std::string("catch_warnings(record=") + (c.get("record").as_bool() ? "True" : "False") + ")";
    };
    r.methods["__enter__"] = [](Interpreter& ip, const Value& self, CallArgs&) {
      auto& st = ip.state<WarningsState>();
      st.saved.push_back(st.filters);
      Value list = self.as<RecordObj>().get("record").as_bool() ? make_list({}) : Value::none();
      st.recorders.push_back(list);
      return list;
    };
    r.methods["__exit__"] = [](Interpreter& ip, const Value&, CallArgs&) {
      auto& st = ip.state<WarningsState>();
      if (!st.saved.empty()) {
        st.filters = st.saved.back();
        st.saved.pop_back();
        st.recorders.pop_back();
      }
      return Value::boolean(false);
    };
    return r;
  }();
  return t;
}

}  // namespace

const std::vector<std::string>& warnings_shown(Interpreter& ip) { return ip.state<WarningsState>().log; }

void log_stderr_line(Interpreter& ip, std::string line) { ip.state<WarningsState>().log.push_back(std::move(line)); }

void log_stderr(Interpreter& ip, const std::string& text) {
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    log_stderr_line(ip, text.substr(start, end - start));
    start = end + 1;
  }
}

void register_warnings() {
  Interpreter::register_module("warnings", [](Interpreter&) {
    auto m = new_module("warnings");
    def(*m, "warn", warn);
    def_signature(*m, "simplefilter", {"action", "category", "lineno", "append"}, 1, [](Interpreter& ip, const Args& a) {
      add_filter(ip, a, a[0], "", a[1], a.bool_at(3, false));
      return Value::none();
    });
    def_signature(*m, "filterwarnings", {"action", "message", "category", "module", "lineno", "append"}, 1,
                  [](Interpreter& ip, const Args& a) {
                    add_filter(ip, a, a[0], a.str_at(1, ""), a[2], a.bool_at(5, false));
                    return Value::none();
                  });
    def_signature(*m, "resetwarnings", {}, 0, [](Interpreter& ip, const Args&) {
      ip.state<WarningsState>().filters.clear();
      return Value::none();
    });
    def_signature(*m, "catch_warnings", {"*", "record", "module", "action", "category", "lineno", "append"}, 0,
                  [](Interpreter&, const Args& a) {
                    auto r = std::make_shared<RecordObj>(&catch_warnings_type());
                    r->set("record", Value::boolean(a.bool_at(0, false)));
                    return Value::object(r);
                  });
    return Value::object(m);
  });
}

}  // namespace rungs::python
