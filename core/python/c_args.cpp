#include "core/python/c_args.h"

namespace rungs::python {

namespace {
std::string plural(size_t n) { return n == 1 ? "" : "s"; }
}  // namespace

// The checks run in CPython's order: too many arguments, then each parameter
// (given twice, or missing), then keywords that name no parameter.
CArgs::CArgs(const CallArgs& call, std::string fn, std::vector<std::string> names, size_t required,
             Style style, size_t positional_max)
    : slots_(names.size()), where_(call.where) {
  size_t npos = call.positional.size(), total = npos + call.keywords.size();
  if (positional_max < names.size() && npos > positional_max)
    raise(ErrorId::c_at_most_positional, where_, fn, positional_max, plural(positional_max), npos);
  if (total > names.size()) raise(ErrorId::c_at_most_arguments, where_, fn, names.size(), plural(names.size()), total);
  for (size_t i = 0; i < names.size(); ++i) {
    const Value* kw = call.keyword(names[i]);
    if (i < npos && i < positional_max) {
      if (kw) raise(ErrorId::c_name_and_position, where_, fn, names[i], i + 1);
      slots_[i] = call.positional[i];
    } else if (kw) {
      slots_[i] = *kw;
    } else if (i < required) {
      raise(ErrorId::c_missing_argument, where_, fn, names[i], i + 1);
    }
  }
  for (const auto& [key, value] : call.keywords) {
    bool known = false;
    for (const auto& n : names) known = known || n == key;
    if (known) continue;
    if (style == Style::Clinic) raise(ErrorId::unexpected_keyword, where_, fn, key);
    raise(ErrorId::c_invalid_keyword, where_, key, fn);
  }
}

const Value& CArgs::operator[](size_t i) const {
  static const Value none = Value::none();
  return has(i) ? *slots_[i] : none;
}

void c_no_keywords(const CallArgs& call, const std::string& fn) {
  if (!call.keywords.empty()) raise(ErrorId::builtin_no_keywords, call.where, fn);
}

void c_count(const CallArgs& call, const std::string& fn, size_t min, size_t max) {
  c_no_keywords(call, fn);
  size_t n = call.positional.size();
  if (min == max && n != min) raise(ErrorId::c_expected_arguments, call.where, fn, min, plural(min), n);
  if (n < min) raise(ErrorId::builtin_expected_at_least, call.where, fn, min, plural(min), n);
  if (n > max) raise(ErrorId::builtin_expected_at_most, call.where, fn, max, plural(max), n);
}

void c_exactly_one(const CallArgs& call, const std::string& fn) {
  c_no_keywords(call, fn);
  if (call.positional.size() != 1) raise(ErrorId::c_exactly_one_argument, call.where, fn, call.positional.size());
}

}  // namespace rungs::python
