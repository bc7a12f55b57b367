// Attribute access: fields of modules and records, and the methods of str,
// list, dict, tuple and set. Array attributes (x.shape, x.T, x.sum()) are the
// jnp layer's (jnp_ops.h).
#include <algorithm>
#include <bit>
#include <cmath>
#include <optional>

#include "core/python/args.h"
#include "core/python/classes.h"
#include "core/python/exceptions.h"
#include "core/python/generators.h"
#include "core/python/utf8.h"
#include "core/python/array_protocol.h"
#include "core/python/builtins_parts.h"
#include "core/python/bytes_type.h"
#include "core/python/int_value.h"
#include "core/python/interpreter.h"
#include "core/python/namespaces.h"
#include "core/python/iteration.h"
#include "core/python/mapping_update.h"
#include "core/python/operators.h"
#include "core/python/set_ops.h"
#include "core/python/str_format.h"
#include "core/python/str_case.h"
#include "core/python/str_search.h"
#include "core/python/str_transform.h"
#include "core/python/value_ops.h"

namespace rungs::python {

Value body_docstring(const lang::Body& body) {
  if (body.empty() || body.front()->kind != lang::NodeKind::ExprStmt) return Value::none();
  const auto& expr = static_cast<const lang::ExprStmt&>(*body.front()).value;
  if (!expr || expr->kind != lang::NodeKind::Constant) return Value::none();
  const auto& c = static_cast<const lang::Constant&>(*expr);
  return c.value_kind == lang::ConstantKind::Str ? make_str(c.str_value) : Value::none();
}

namespace {
// The docstring of a `def`: its body's first statement when that is a string.
Value function_docstring(const FunctionObj& fn) { return fn.def ? body_docstring(fn.def->body) : Value::none(); }

// A function's readable attributes: the ones set on it (functools.wraps
// copies __name__, __doc__, __wrapped__, ...), then the ones every function has.
std::optional<Value> function_attribute(const FunctionObj& fn, const std::string& name) {
  if (fn.dict) {
    if (const Value* v = fn.dict->find(make_str(name))) return *v;
  }
  if (name == "__name__") return make_str(fn.name);
  if (name == "__qualname__") return make_str(fn.qualname);
  if (name == "__doc__") return function_docstring(fn);
  if (name == "__module__") return make_str("__main__");
  if (name == "__dict__") {
    if (!fn.dict) const_cast<FunctionObj&>(fn).dict = std::make_shared<DictObj>();
    return Value::object(fn.dict);
  }
  return std::nullopt;
}
}  // namespace

namespace {

using Method = std::function<Value(Interpreter&, CallArgs&)>;

Value bound(const std::string& qualname, Method fn) { return make_builtin(qualname, std::move(fn)); }

const std::string& arg_str(const CallArgs& a, size_t i, const char* fn) {
  if (i >= a.positional.size() || !a.positional[i].is(ObjKind::Str))
    raise(ErrorId::builtin_arg_type, a.where, fn, i + 1, "str",
          i < a.positional.size() ? type_name(a.positional[i]) : "nothing");
  return a.positional[i].as<StrObj>().s;
}

void expect_args(const CallArgs& a, size_t lo, size_t hi, const char* fn) {
  size_t n = a.positional.size();
  if (n < lo) raise(ErrorId::builtin_expected_at_least, a.where, fn, lo, lo == 1 ? "" : "s", n);
  if (n > hi) raise(ErrorId::builtin_expected_at_most, a.where, fn, hi, hi == 1 ? "" : "s", n);
}

std::string strip_chars(const std::string& s, const std::string& chars, bool left, bool right) {
  size_t b = 0, e = s.size();
  if (left) while (b < e && chars.find(s[b]) != std::string::npos) ++b;
  if (right) while (e > b && chars.find(s[e - 1]) != std::string::npos) --e;
  return s.substr(b, e - b);
}

Values split_str(const std::string& s, const Value* sep_value, int64_t maxsplit) {
  Values out;
  if (!sep_value || sep_value->is_none()) {
    size_t i = 0;
    while (i < s.size()) {
      while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
      if (i >= s.size()) break;
      if (maxsplit >= 0 && static_cast<int64_t>(out.size()) == maxsplit) {
        out.push_back(make_str(s.substr(i)));  // the rest as it is: 'a b  '.split(None, 1)[1] == 'b  '
        return out;
      }
      size_t j = i;
      while (j < s.size() && !std::isspace(static_cast<unsigned char>(s[j]))) ++j;
      out.push_back(make_str(s.substr(i, j - i)));
      i = j;
    }
    return out;
  }
  const std::string& sep = sep_value->as<StrObj>().s;
  if (sep.empty()) raise_here(ErrorId::empty_separator);
  size_t start = 0;
  while (true) {
    size_t pos = s.find(sep, start);
    if (pos == std::string::npos || (maxsplit >= 0 && static_cast<int64_t>(out.size()) == maxsplit)) {
      out.push_back(make_str(s.substr(start)));
      return out;
    }
    out.push_back(make_str(s.substr(start, pos - start)));
    start = pos + sep.size();
  }
}

// ImportError.name / .path as CPython sets them: the module an import
// failed on (the text between the first quotes of "No module named 'x'",
// the second quotes of "cannot import name 'y' from 'x'"); the path of a
// file Rungs never has. A name= given to the constructor wins.
Value import_error_attr(const ExceptionObj& e, const std::string& attr) {
  const Value* given = e.dict ? e.dict->find(make_str(attr)) : nullptr;
  if (given) return *given;
  if (attr == "path") return Value::none();
  const int skip = e.id == ErrorId::no_module ? 0 : e.id == ErrorId::cannot_import_name ? 1 : -1;
  if (skip < 0) return Value::none();
  size_t open = e.message.find('\'');
  for (int i = 0; i < skip && open != std::string::npos; ++i) {
    size_t close = e.message.find('\'', open + 1);
    open = close == std::string::npos ? close : e.message.find('\'', close + 1);
  }
  size_t close = open == std::string::npos ? open : e.message.find('\'', open + 1);
  if (close == std::string::npos) return Value::none();
  return make_str(e.message.substr(open + 1, close - open - 1));
}

Value str_method(Interpreter& interp, const Value& self, const std::string& name, SourceRange where) {
  const std::string s = self.as<StrObj>().s;
  const std::string q = "str." + name;
  if (name == "encode")
    return bound(q, [s](Interpreter& ip, CallArgs& a) {
      expect_args(a, 0, 2, "encode");
      const Value* enc = a.keyword("encoding");
      const Value* err = a.keyword("errors");
      Value encoding = a.positional.size() > 0 ? a.positional[0] : enc ? *enc : make_str("utf-8");
      Value errors = a.positional.size() > 1 ? a.positional[1] : err ? *err : make_str("strict");
      return encode_str(ip, s, encoding, errors, a.where);
    });
  if (name == "join")
    return bound(q, [s](Interpreter& ip, CallArgs& a) {
      expect_args(a, 1, 1, "join");
      Values items = ip.iterate(a.positional[0]);
      int64_t total = 0;
      for (const Value& item : items)
        if (item.is(ObjKind::Str)) total += static_cast<int64_t>(item.as<StrObj>().s.size() + s.size());
      check_host_alloc(total);  // refuse before building
      std::string out;
      for (size_t i = 0; i < items.size(); ++i) {
        if (!items[i].is(ObjKind::Str))
          raise(ErrorId::str_join_type, a.where, i, type_name(items[i]));
        if (i) out += s;
        out += items[i].as<StrObj>().s;
      }
      return make_str(out);
    });
  if (name == "format")
    return bound(q, [s](Interpreter& ip, CallArgs& a) { return make_str(str_format(ip, s, a)); });
  if (name == "split" || name == "rsplit")
    return bound(q, [s, q](Interpreter&, CallArgs& a) {
      const Value* sep = a.positional.size() > 0 ? &a.positional[0] : a.keyword("sep");
      const Value* maxs = a.positional.size() > 1 ? &a.positional[1] : a.keyword("maxsplit");
      int64_t maxsplit = maxs ? maxs->as_int() : -1;
      if (q == "str.split" || maxsplit < 0) return make_list(split_str(s, sep, maxsplit));
      // rsplit with a limit splits from the right: split the reversed text
      // by the reversed separator, then reverse each piece and the order.
      std::string reversed(s.rbegin(), s.rend());
      Value rsep = sep && !sep->is_none() ? make_str(std::string(sep->as<StrObj>().s.rbegin(), sep->as<StrObj>().s.rend())) : Value::none();
      Values pieces = split_str(reversed, &rsep, maxsplit);
      Values out;
      for (auto it = pieces.rbegin(); it != pieces.rend(); ++it) {
        const std::string& piece = it->as<StrObj>().s;
        out.push_back(make_str(std::string(piece.rbegin(), piece.rend())));
      }
      return make_list(out);
    });
  if (name == "partition" || name == "rpartition")
    return bound(q, [s, q, name](Interpreter&, CallArgs& a) {
      expect_args(a, 1, 1, q.c_str());
      if (!a.positional[0].is(ObjKind::Str)) raise(ErrorId::str_method_arg_type, a.where, type_name(a.positional[0]));
      const std::string& sep = a.positional[0].as<StrObj>().s;
      if (sep.empty()) raise(ErrorId::empty_separator, a.where);
      size_t at = name == "partition" ? s.find(sep) : s.rfind(sep);
      if (at == std::string::npos)
        return name == "partition" ? make_tuple({make_str(s), make_str(""), make_str("")})
                                   : make_tuple({make_str(""), make_str(""), make_str(s)});
      return make_tuple({make_str(s.substr(0, at)), make_str(sep), make_str(s.substr(at + sep.size()))});
    });
  if (name == "strip" || name == "lstrip" || name == "rstrip") {
    bool l = name != "rstrip", r = name != "lstrip";
    return bound(q, [s, l, r](Interpreter&, CallArgs& a) {
      std::string chars = " \t\n\r\f\v";
      if (!a.positional.empty() && !a.positional[0].is_none()) chars = arg_str(a, 0, "strip");
      return make_str(strip_chars(s, chars, l, r));
    });
  }
  if (name == "replace")
    return bound(q, [s](Interpreter&, CallArgs& a) {
      expect_args(a, 2, 3, "replace");
      const std::string& from = arg_str(a, 0, "replace");
      const std::string& to = arg_str(a, 1, "replace");
      int64_t count = a.positional.size() > 2 ? a.positional[2].as_int() : -1;
      std::string out;
      size_t pos = 0;
      int64_t done = 0;
      if (from.empty()) return make_str(s);
      while (true) {
        size_t hit = s.find(from, pos);
        if (hit == std::string::npos || (count >= 0 && done >= count)) break;
        out += s.substr(pos, hit - pos) + to;
        pos = hit + from.size();
        ++done;
      }
      return make_str(out + s.substr(pos));
    });
  if (std::optional<Value> m = str_search_method(s, name)) return *m;
  if (std::optional<Value> m = str_case_method(s, name)) return *m;
  if (std::optional<Value> m = str_transform_method(s, name)) return *m;
  // str.isidentifier: ASCII letters, digits and '_' not starting with a
  // digit; non-ASCII characters count as letters (most that appear in
  // names are, under CPython's XID rules).
  if (name == "isidentifier")
    return bound(q, [s](Interpreter&, CallArgs& a) {
      expect_args(a, 0, 0, "isidentifier");
      if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return Value::boolean(false);
      for (unsigned char c : s)
        if (!(std::isalnum(c) || c == '_' || c >= 0x80)) return Value::boolean(false);
      return Value::boolean(true);
    });
  if (name == "ljust" || name == "rjust" || name == "center" || name == "zfill")
    return bound(q, [s, name](Interpreter&, CallArgs& a) {
      expect_args(a, 1, 2, name.c_str());
      int64_t width = to_index(a.positional[0], a.where);
      std::string fill = name == "zfill" ? "0" : (a.positional.size() > 1 ? arg_str(a, 1, name.c_str()) : " ");
      if (utf8::length(fill) != 1) raise(ErrorId::fill_char_length, a.where);
      // Widths count code points, as CPython's do.
      int64_t pad = width - utf8::length(s);
      if (pad <= 0) return make_str(s);
      auto repeat = [&fill](int64_t n) {
        std::string out;
        for (int64_t k = 0; k < n; ++k) out += fill;
        return out;
      };
      std::string p = repeat(pad);
      if (name == "ljust") return make_str(s + p);
      if (name == "rjust") return make_str(p + s);
      if (name == "zfill") {
        if (!s.empty() && (s[0] == '-' || s[0] == '+')) return make_str(s.substr(0, 1) + p + s.substr(1));
        return make_str(p + s);
      }
      int64_t left = pad / 2 + (pad & width & 1);  // CPython's pad()
      return make_str(repeat(left) + s + repeat(pad - left));
    });
  if (name == "splitlines")
    return bound(q, [s](Interpreter&, CallArgs&) {
      Values out;
      size_t start = 0;
      for (size_t i = 0; i < s.size(); ++i)
        if (s[i] == '\n') {
          out.push_back(make_str(s.substr(start, i - start)));
          start = i + 1;
        }
      if (start < s.size()) out.push_back(make_str(s.substr(start)));
      return make_list(out);
    });
  raise(ErrorId::no_attribute, where, "str", name);
  (void)interp;
}

Value list_method(Interpreter& interp, const Value& self, const std::string& name, SourceRange where) {
  const std::string q = "list." + name;
  if (name == "append")
    return bound(q, [self](Interpreter&, CallArgs& a) {
      expect_args(a, 1, 1, "list.append");
      self.as<ListObj>().items.push_back(a.positional[0]);
      self.as<ListObj>().grew();
      return Value::none();
    });
  if (name == "extend")
    return bound(q, [self](Interpreter& ip, CallArgs& a) {
      expect_args(a, 1, 1, "list.extend");
      Values more = ip.iterate(a.positional[0]);
      auto& items = self.as<ListObj>().items;
      items.insert(items.end(), more.begin(), more.end());
      self.as<ListObj>().grew();
      return Value::none();
    });
  if (name == "insert")
    return bound(q, [self](Interpreter&, CallArgs& a) {
      expect_args(a, 2, 2, "insert");
      auto& items = self.as<ListObj>().items;
      int64_t n = static_cast<int64_t>(items.size()), i = to_index(a.positional[0], a.where);
      if (i < 0) i = std::max<int64_t>(0, i + n);
      items.insert(items.begin() + std::min(i, n), a.positional[1]);
      self.as<ListObj>().grew();
      return Value::none();
    });
  if (name == "pop")
    return bound(q, [self](Interpreter&, CallArgs& a) {
      auto& items = self.as<ListObj>().items;
      if (items.empty()) raise(ErrorId::pop_empty, a.where, "list");
      int64_t n = static_cast<int64_t>(items.size());
      int64_t i = a.positional.empty() ? n - 1 : to_index(a.positional[0], a.where);
      if (i < 0) i += n;
      if (i < 0 || i >= n) raise(ErrorId::sequence_index_range, a.where, "pop");
      Value v = items[static_cast<size_t>(i)];
      items.erase(items.begin() + i);
      return v;
    });
  if (name == "remove" || name == "index" || name == "count")
    return bound(q, [self, name](Interpreter& ip, CallArgs& a) {
      expect_args(a, 1, 1, name.c_str());
      auto& items = self.as<ListObj>().items;
      int64_t count = 0;
      for (size_t i = 0; i < items.size(); ++i) {
        if (!py_equal(ip, items[i], a.positional[0])) continue;
        if (name == "remove") {
          items.erase(items.begin() + static_cast<std::ptrdiff_t>(i));
          return Value::none();
        }
        if (name == "index") return Value::integer(static_cast<int64_t>(i));
        ++count;
      }
      if (name == "remove") raise(ErrorId::list_remove_missing, a.where);
      if (name == "index") raise(ErrorId::list_index_missing, a.where, ip.repr(a.positional[0]));
      return Value::integer(count);
    });
  if (name == "reverse")
    return bound(q, [self](Interpreter&, CallArgs&) {
      auto& items = self.as<ListObj>().items;
      std::reverse(items.begin(), items.end());
      return Value::none();
    });
  if (name == "copy")
    return bound(q, [self](Interpreter&, CallArgs&) { return make_list(self.as<ListObj>().items); });
  if (name == "clear")
    return bound(q, [self](Interpreter&, CallArgs&) {
      self.as<ListObj>().items.clear();
      return Value::none();
    });
  if (name == "sort")
    return bound(q, [self](Interpreter& ip, CallArgs& a) {
      Values sorted = sort_values(ip, self.as<ListObj>().items, a);
      self.as<ListObj>().items = std::move(sorted);
      return Value::none();
    });
  raise(ErrorId::no_attribute, where, "list", name);
  (void)interp;
}

Value dict_method(Interpreter& interp, const Value& self, const std::string& name, SourceRange where) {
  const std::string q = "dict." + name;
  if (name == "get")
    return bound(q, [self](Interpreter&, CallArgs& a) {
      expect_args(a, 1, 2, "get");
      const Value* v = self.as<DictObj>().find(a.positional[0]);
      return v ? *v : (a.positional.size() > 1 ? a.positional[1] : Value::none());
    });
  if (name == "keys" || name == "values" || name == "items")
    return bound(q, [self, name](Interpreter&, CallArgs&) {
      Values out;
      for (const auto& [k, v] : self.as<DictObj>().entries)
        out.push_back(name == "keys" ? k : name == "values" ? v : make_tuple({k, v}));
      return make_list(out);
    });
  if (name == "pop")
    return bound(q, [self](Interpreter& ip, CallArgs& a) {
      expect_args(a, 1, 2, "pop");
      auto& d = self.as<DictObj>();
      const Value* v = d.find(a.positional[0]);
      if (!v) {
        if (a.positional.size() > 1) return a.positional[1];
        raise(ErrorId::key_error, a.where, ip.repr(a.positional[0]));
      }
      Value out = *v;
      d.erase(a.positional[0]);
      return out;
    });
  if (name == "setdefault")
    return bound(q, [self](Interpreter&, CallArgs& a) {
      expect_args(a, 1, 2, "setdefault");
      auto& d = self.as<DictObj>();
      if (const Value* v = d.find(a.positional[0])) return *v;
      Value dflt = a.positional.size() > 1 ? a.positional[1] : Value::none();
      d.set(a.positional[0], dflt);
      return dflt;
    });
  if (name == "update")
    return bound(q, [self](Interpreter& ip, CallArgs& a) {
      auto& d = self.as<DictObj>();
      if (!a.positional.empty()) update_dict_from(ip, d, a.positional[0], a.where);
      for (const auto& [k, v] : a.keywords) d.set(make_str(k), v);
      return Value::none();
    });
  if (name == "copy")
    return bound(q, [self](Interpreter&, CallArgs&) {
      auto out = std::make_shared<DictObj>();
      const DictObj& src = self.as<DictObj>();
      out->charge.grow_to(kDictEntryBytes * static_cast<int64_t>(src.entries.size()));
      out->entries = src.entries;
      out->index = src.index;
      return Value::object(out);
    });
  if (name == "popitem")
    return bound(q, [self](Interpreter& ip, CallArgs& a) {
      expect_args(a, 0, 0, "popitem");
      auto& d = self.as<DictObj>();
      if (d.entries.empty()) raise(ErrorId::key_error, a.where, ip.repr(make_str("popitem(): dictionary is empty")));
      auto [key, value] = d.entries.back();  // the last inserted, as CPython
      d.erase(key);
      return make_tuple({key, value});
    });
  if (name == "fromkeys") return builtins_table().at("dict").as<BuiltinObj>().attrs.at("fromkeys");
  if (name == "clear")
    return bound(q, [self](Interpreter&, CallArgs&) {
      self.as<DictObj>().entries.clear();
      self.as<DictObj>().index.clear();
      return Value::none();
    });
  raise(ErrorId::no_attribute, where, "dict", name);
  (void)interp;
}


}  // namespace

Values sort_values(Interpreter& interp, Values items, CallArgs& a) {
  const Value* key = a.keyword("key");
  const Value* reverse = a.keyword("reverse");
  std::vector<std::pair<Value, Value>> keyed;
  for (const Value& v : items)
    keyed.emplace_back(key && !key->is_none() ? interp.call(*key, Values{v}, a.where) : v, v);
  SourceRange where = a.where;
  std::stable_sort(keyed.begin(), keyed.end(), [&](const auto& x, const auto& y) {
    return py_less(interp, x.first, y.first, where);
  });
  if (reverse && interp.truthy(*reverse)) {
    // Python's reverse sort keeps equal elements in their original order.
    std::stable_sort(keyed.begin(), keyed.end(), [&](const auto& x, const auto& y) {
      return py_less(interp, y.first, x.first, where);
    });
  }
  Values out;
  for (auto& kv : keyed) out.push_back(kv.second);
  return out;
}

namespace {

// vars(module): its names, sorted (a copy; CPython's is the live namespace).
Value module_dict(const ModuleObj& m) {
  return namespace_snapshot(m.globals ? m.globals->vars : m.attrs, nullptr);
}

}  // namespace

Value Interpreter::getattr(const Value& obj, const std::string& name, SourceRange where) {
  Value found;
  if (class_getattr(*this, obj, name, where, found)) return found;
  if (obj.is_obj()) {
    switch (obj.obj()->kind) {
      case ObjKind::Module: {
        const auto& m = obj.as<ModuleObj>();
        if (m.globals) {
          auto live = m.globals->vars.find(name);
          if (live != m.globals->vars.end()) return live->second;
        }
        auto it = m.attrs.find(name);
        if (it != m.attrs.end()) return it->second;
        if (name == "__name__") return make_str(m.name);
        if (name == "__dict__") return module_dict(m);
        // PEP 562: a module's own __getattr__ answers the names it lacks.
        if (m.globals) {
          auto hook = m.globals->vars.find("__getattr__");
          if (hook != m.globals->vars.end()) return call(Value(hook->second), {make_str(name)}, where);
        }
        // `import jax` then `jax.numpy.zeros`: submodules load on first use.
        std::string dotted = m.name + "." + name;
        try {
          return import_module(dotted, where);
        } catch (EngineError& e) {
          // A JAX internal module the engine registers by name only (its
          // contents are not modelled): each name in it is refused, located.
          if (e.id == ErrorId::no_module && m.attrs.count("__rungs_unmodelled__") && name.rfind("__", 0) != 0)
            raise(ErrorId::unsupported_feature, where, dotted);
          // A module of the program's files that exists and failed says why.
          if (e.id == ErrorId::no_module || !m.globals) raise(ErrorId::module_no_attribute, where, m.name, name);
          throw;
        }
      }
      case ObjKind::Record: {
        const auto& r = obj.as<RecordObj>();
        if (const Value* f = r.field(name)) return *f;
        auto m = r.type->methods.find(name);
        if (m != r.type->methods.end()) {
          auto method = m->second;
          Value self = obj;
          return make_builtin(r.type->name + "." + name,
                              [method, self](Interpreter& ip, CallArgs& a) { return method(ip, self, a); });
        }
        break;
      }
      case ObjKind::Str: return str_method(*this, obj, name, where);
      case ObjKind::List: return list_method(*this, obj, name, where);
      case ObjKind::Dict: return dict_method(*this, obj, name, where);
      case ObjKind::Set: return set_method(*this, obj, name, where);
      case ObjKind::Tuple:
        if (name == "index" || name == "count") {
          Value as_list = make_list(obj.as<TupleObj>().items);
          return list_method(*this, as_list, name, where);
        }
        break;
      case ObjKind::Function:
        if (auto found = function_attribute(obj.as<FunctionObj>(), name)) return *found;
        break;
      case ObjKind::Builtin:
        if (name == "__name__") return make_str(callable_name(obj));
        if (auto it = obj.as<BuiltinObj>().attrs.find(name); it != obj.as<BuiltinObj>().attrs.end()) return it->second;
        if (name == "__setattr__" && obj.as<BuiltinObj>().type_tag == "object") {
          return make_builtin("object.__setattr__", [](Interpreter& ip, CallArgs& a) {
            Args args(a, "object.__setattr__", {"self", "name", "value"}, 3);
            if (!args[1].is(ObjKind::Str)) raise(ErrorId::attribute_name_not_str, a.where, type_name(args[1]));
            if (!object_setattr(ip, args[0], args[1].as<StrObj>().s, args[2], a.where))
              raise(ErrorId::no_attribute, a.where, type_name(args[0]), args[1].as<StrObj>().s);
            return Value::none();
          });
        }
        break;
      case ObjKind::Exception:
        if (name == "args") return make_tuple(obj.as<ExceptionObj>().args);
        if (name == "value" && obj.as<ExceptionObj>().type == "StopIteration") {
          const Values& args = obj.as<ExceptionObj>().args;
          return args.empty() ? Value::none() : args[0];
        }
        // SystemExit.code: the exit status sys.exit / argparse passed
        // (None, the one argument, or the argument tuple).
        if (name == "code" && obj.as<ExceptionObj>().type == "SystemExit") {
          const Values& args = obj.as<ExceptionObj>().args;
          return args.empty() ? Value::none() : args.size() == 1 ? args[0] : make_tuple(args);
        }
        if ((name == "name" || name == "path") && exception_is_subclass(obj.as<ExceptionObj>().type, "ImportError"))
          return import_error_attr(obj.as<ExceptionObj>(), name);
        if (name == "__cause__") {
          const auto& dict = obj.as<ExceptionObj>().dict;
          const Value* cause = dict ? dict->find(make_str("__cause__")) : nullptr;
          return cause ? *cause : Value::none();
        }
        break;
      case ObjKind::Slice: {
        const auto& s = obj.as<SliceObj>();
        if (name == "start") return s.start;
        if (name == "stop") return s.stop;
        if (name == "step") return s.step;
        break;
      }
      case ObjKind::Array:
      case ObjKind::Ref: return array_protocol().getattr(*this, obj, name, where);
      case ObjKind::Iterator:
        if (generator_getattr(*this, obj, name, found)) return found;
        break;
      default: break;
    }
  }
  if (is_real(obj) && number_attribute(obj, name, found)) return found;
  raise(ErrorId::no_attribute, where, type_name(obj), name);
}

}  // namespace rungs::python
