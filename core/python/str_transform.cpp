#include "core/python/str_transform.h"

#include "core/python/utf8.h"
#include "core/python/value_ops.h"

namespace rungs::python {

namespace {

// The one str argument of `str.<name>(arg)`, with CPython's TypeErrors.
const std::string& single_str_arg(const CallArgs& a, const std::string& name) {
  size_t given = a.positional.size() + a.keywords.size();
  if (given != 1 || !a.keywords.empty()) raise(ErrorId::c_exactly_one_argument, a.where, "str." + name, given);
  if (!a.positional[0].is(ObjKind::Str))
    raise(ErrorId::c_argument_must_be_str, a.where, name, type_name(a.positional[0]));
  return a.positional[0].as<StrObj>().s;
}

// expandtabs: each tab pads to the next multiple of tabsize columns; a
// newline or carriage return starts the count again.
std::string expand_tabs(const std::string& s, int64_t tabsize) {
  std::string out;
  int64_t column = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c == '\t') {
      if (tabsize > 0) {
        int64_t pad = tabsize - column % tabsize;
        out.append(static_cast<size_t>(pad), ' ');
        column += pad;
      }
    } else {
      out += c;
      bool continuation = (static_cast<unsigned char>(c) & 0xC0) == 0x80;
      column = (c == '\n' || c == '\r') ? 0 : column + (continuation ? 0 : 1);
    }
  }
  return out;
}

}  // namespace

std::optional<Value> str_transform_method(const std::string& s, const std::string& name) {
  if (name == "removeprefix" || name == "removesuffix")
    return make_builtin("str." + name, [s, name](Interpreter&, CallArgs& a) {
      const std::string& affix = single_str_arg(a, name);
      bool prefix = name == "removeprefix";
      bool has = s.size() >= affix.size() &&
                 s.compare(prefix ? 0 : s.size() - affix.size(), affix.size(), affix) == 0;
      if (!has || affix.empty()) return make_str(s);
      return make_str(prefix ? s.substr(affix.size()) : s.substr(0, s.size() - affix.size()));
    });
  if (name == "expandtabs")
    return make_builtin("str.expandtabs", [s](Interpreter&, CallArgs& a) {
      const Value* size = a.positional.empty() ? nullptr : &a.positional[0];
      for (const auto& [key, value] : a.keywords)
        if (key == "tabsize") size = &value;
      if (size && !size->is_int()) raise(ErrorId::range_arg_type, a.where, type_name(*size));
      return make_str(expand_tabs(s, size ? size->as_int() : 8));
    });
  return std::nullopt;
}

}  // namespace rungs::python
