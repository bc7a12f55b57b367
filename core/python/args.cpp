#include "core/python/args.h"

#include "core/python/value_ops.h"

namespace rungs::python {

namespace {
std::string plural(size_t n) { return n == 1 ? "" : "s"; }
}

Args::Args(const CallArgs& call, std::string fn_name, std::vector<std::string> names, size_t required,
           bool rest)
    : fn_(std::move(fn_name)), where_(call.where) {
  size_t kwonly_at = names.size();
  for (size_t i = 0; i < names.size(); ++i)
    if (names[i] == "*") kwonly_at = i;
  if (kwonly_at < names.size()) names.erase(names.begin() + static_cast<std::ptrdiff_t>(kwonly_at));
  names_ = names;
  slots_.resize(names_.size());
  for (size_t i = 0; i < call.positional.size(); ++i) {
    if (i < kwonly_at) {
      slots_[i] = call.positional[i];
    } else if (rest) {
      rest_.push_back(call.positional[i]);
    } else {
      size_t given = call.positional.size();
      raise(ErrorId::too_many_positional, where_, fn_, kwonly_at, plural(kwonly_at), given,
            given == 1 ? "was" : "were");
    }
  }
  for (const auto& [key, value] : call.keywords) {
    size_t i = 0;
    while (i < names_.size() && names_[i] != key) ++i;
    if (i == names_.size()) raise(ErrorId::unexpected_keyword, where_, fn_, key);
    if (slots_[i]) raise(ErrorId::multiple_values, where_, fn_, key);
    slots_[i] = value;
  }
  std::vector<std::string> missing;
  for (size_t i = 0; i < required && i < names_.size(); ++i)
    if (!slots_[i]) missing.push_back("'" + names_[i] + "'");
  if (!missing.empty()) {
    std::string list;
    for (size_t i = 0; i < missing.size(); ++i) {
      if (i) list += (i + 1 == missing.size()) ? " and " : ", ";
      list += missing[i];
    }
    raise(ErrorId::missing_positional, where_, fn_, missing.size(), plural(missing.size()), list);
  }
}

const Value& Args::operator[](size_t i) const {
  static const Value none = Value::none();
  return has(i) ? *slots_[i] : none;
}

int64_t Args::int_at(size_t i, int64_t fallback) const {
  if (!has(i) || slots_[i]->is_none()) return fallback;
  return to_index(*slots_[i], where_);
}

bool Args::bool_at(size_t i, bool fallback) const {
  if (!has(i) || slots_[i]->is_none()) return fallback;
  const Value& v = *slots_[i];
  if (v.is_number()) return v.as_float() != 0;
  raise(ErrorId::builtin_arg_type, where_, fn_, names_[i], "bool", type_name(v));
}

double Args::float_at(size_t i, double fallback) const {
  if (!has(i) || slots_[i]->is_none()) return fallback;
  const Value& v = *slots_[i];
  if (v.is_number()) return v.as_float();
  raise(ErrorId::builtin_arg_type, where_, fn_, names_[i], "float", type_name(v));
}

std::string Args::str_at(size_t i, const std::string& fallback) const {
  if (!has(i) || slots_[i]->is_none()) return fallback;
  const Value& v = *slots_[i];
  if (v.is(ObjKind::Str)) return v.as<StrObj>().s;
  raise(ErrorId::builtin_arg_type, where_, fn_, names_[i], "str", type_name(v));
}

}  // namespace rungs::python
