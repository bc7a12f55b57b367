// str.find / rfind / index / rindex / count / startswith / endswith with
// CPython's optional start and end: positions count code points, negative
// ones count from the end, and the search runs inside s[start:end] but
// reports positions in s. A start past the end finds nothing, not even "".
#include "core/python/str_search.h"

#include <algorithm>

#include "core/python/utf8.h"
#include "core/python/value_ops.h"

namespace rungs::python {

namespace {

// s[start:end] as byte offsets, from CPython's slice rules for the optional
// positional arguments at `first` and `first + 1`.
struct Window {
  int64_t start = 0, end = 0;  // code points; start > length means "nothing"
  size_t byte_start = 0, byte_end = 0;
  bool past_end = false;
};

int64_t slice_bound(const CallArgs& a, size_t i, int64_t fallback, int64_t length) {
  if (i >= a.positional.size() || a.positional[i].is_none()) return fallback;
  const Value& v = a.positional[i];
  if (!v.is_int()) raise(ErrorId::slice_index_type, a.where);
  int64_t n = v.as_int();
  if (n < 0) n = std::max<int64_t>(0, n + length);
  return n;
}

Window window(const std::string& s, const std::vector<size_t>* starts, const CallArgs& a, size_t first) {
  int64_t length = starts ? static_cast<int64_t>(starts->size()) - 1 : static_cast<int64_t>(s.size());
  Window w;
  w.start = slice_bound(a, first, 0, length);
  w.end = std::min(slice_bound(a, first + 1, length, length), length);
  w.past_end = w.start > length;
  int64_t start = std::min(w.start, length), end = std::max(w.end, start);
  w.byte_start = starts ? (*starts)[static_cast<size_t>(start)] : static_cast<size_t>(start);
  w.byte_end = starts ? (*starts)[static_cast<size_t>(end)] : static_cast<size_t>(end);
  return w;
}

int64_t code_point_at(const std::vector<size_t>* starts, size_t byte) {
  if (!starts) return static_cast<int64_t>(byte);
  return std::lower_bound(starts->begin(), starts->end(), byte) - starts->begin();
}

const std::string& needle(const CallArgs& a) {
  if (!a.positional[0].is(ObjKind::Str)) raise(ErrorId::str_method_arg_type, a.where, type_name(a.positional[0]));
  return a.positional[0].as<StrObj>().s;
}

void arity(const CallArgs& a, const std::string& name) {
  size_t n = a.positional.size();
  if (n < 1) raise(ErrorId::c_at_least_arguments, a.where, name, 1, "", n);
  if (n > 3) raise(ErrorId::c_at_most_arguments, a.where, name, 3, "s", n);
}

Value search(const std::string& s, const std::string& name, const CallArgs& a) {
  arity(a, name);
  const std::string& sub = needle(a);
  std::vector<size_t> cps;
  const std::vector<size_t>* starts = nullptr;
  if (!utf8::is_ascii(s)) starts = &(cps = utf8::starts(s));
  Window w = window(s, starts, a, 1);
  std::string_view view(s.data() + w.byte_start, w.byte_end - w.byte_start);
  if (name == "count") {
    if (w.past_end) return Value::integer(0);
    if (sub.empty()) return Value::integer(std::max<int64_t>(0, std::min(w.end, code_point_at(starts, s.size())) - w.start) + 1);
    int64_t n = 0;
    for (size_t p = view.find(sub); p != std::string_view::npos; p = view.find(sub, p + sub.size())) ++n;
    return Value::integer(n);
  }
  bool reverse = name == "rfind" || name == "rindex";
  size_t p = w.past_end ? std::string_view::npos : reverse ? view.rfind(sub) : view.find(sub);
  if (p == std::string_view::npos) {
    if (name == "index" || name == "rindex") raise(ErrorId::substring_not_found, a.where);
    return Value::integer(-1);
  }
  return Value::integer(code_point_at(starts, w.byte_start + p));
}

Value affix(const std::string& s, const std::string& name, const CallArgs& a) {
  arity(a, name);
  std::vector<size_t> cps;
  const std::vector<size_t>* starts = nullptr;
  if (!utf8::is_ascii(s)) starts = &(cps = utf8::starts(s));
  Window w = window(s, starts, a, 1);
  if (w.past_end) return Value::boolean(false);
  std::string_view view(s.data() + w.byte_start, w.byte_end - w.byte_start);
  const Value& arg = a.positional[0];
  if (!arg.is(ObjKind::Tuple) && !arg.is(ObjKind::Str)) raise(ErrorId::str_affix_type, a.where, name, type_name(arg));
  Values options = arg.is(ObjKind::Tuple) ? arg.as<TupleObj>().items : Values{arg};
  for (const Value& o : options) {
    if (!o.is(ObjKind::Str)) raise(ErrorId::str_affix_tuple_type, a.where, name, type_name(o));
    const std::string& p = o.as<StrObj>().s;
    bool hit = view.size() >= p.size() &&
               (name == "startswith" ? view.substr(0, p.size()) == p : view.substr(view.size() - p.size()) == p);
    if (hit) return Value::boolean(true);
  }
  return Value::boolean(false);
}

}  // namespace

std::optional<Value> str_search_method(const std::string& s, const std::string& name) {
  static const char* kSearch[] = {"find", "rfind", "index", "rindex", "count"};
  for (const char* n : kSearch)
    if (name == n)
      return make_builtin("str." + name, [s, name](Interpreter&, CallArgs& a) { return search(s, name, a); });
  if (name == "startswith" || name == "endswith")
    return make_builtin("str." + name, [s, name](Interpreter&, CallArgs& a) { return affix(s, name, a); });
  return std::nullopt;
}

}  // namespace rungs::python
