// Argument parsing for builtins, with CPython's wording for mistakes. A
// builtin declares its signature once (names, how many are required, where
// keyword-only starts) and reads arguments by position in that list.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/python/objects.h"

namespace rungs::python {

class Args {
 public:
  // `names` in signature order; a name "*" marks the start of keyword-only
  // parameters; `required` counts leading names that must be given.
  // With `rest` set, surplus positionals are kept (like *args).
  Args(const CallArgs& call, std::string fn_name, std::vector<std::string> names,
       size_t required = 0, bool rest = false);

  bool has(size_t i) const { return i < slots_.size() && slots_[i].has_value(); }
  // The argument or None when absent.
  const Value& operator[](size_t i) const;
  Value get_or(size_t i, Value fallback) const { return has(i) ? *slots_[i] : fallback; }
  const Values& rest() const { return rest_; }
  SourceRange where() const { return where_; }
  const std::string& fn_name() const { return fn_; }

  // Typed readers (TypeError naming the argument on a wrong type).
  int64_t int_at(size_t i, int64_t fallback) const;
  bool bool_at(size_t i, bool fallback) const;
  double float_at(size_t i, double fallback) const;
  std::string str_at(size_t i, const std::string& fallback) const;

 private:
  std::string fn_;
  std::vector<std::string> names_;
  std::vector<std::optional<Value>> slots_;
  Values rest_;
  SourceRange where_;
};

}  // namespace rungs::python
