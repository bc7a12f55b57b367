// Argument parsing for library functions that CPython writes in C
// (itertools, operator, re, ...). Those report mistakes in the words of
// Argument Clinic and PyArg_ParseTupleAndKeywords ("combinations() missing
// required argument 'r' (pos 2)", "starmap expected 2 arguments, got 1"),
// not in the words of a `def` function that args.h reproduces, so a
// program's error text matches CPython's for either kind of function.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/python/objects.h"

namespace rungs::python {

class CArgs {
 public:
  enum class Style : uint8_t {
    Clinic,  // unknown keyword: "f() got an unexpected keyword argument 'x'"
    Parse,   // PyArg_ParseTupleAndKeywords: "'x' is an invalid keyword argument for f()"
  };
  // `names` in signature order, the first `required` mandatory; names from
  // `positional_max` on are keyword-only.
  CArgs(const CallArgs& call, std::string fn, std::vector<std::string> names, size_t required,
        Style style, size_t positional_max = SIZE_MAX);

  bool has(size_t i) const { return i < slots_.size() && slots_[i].has_value(); }
  // The argument, or None when absent (C functions treat an absent optional
  // and an explicit None alike wherever this is used).
  const Value& operator[](size_t i) const;
  SourceRange where() const { return where_; }

 private:
  std::vector<std::optional<Value>> slots_;
  SourceRange where_;
};

// "f() takes no keyword arguments".
void c_no_keywords(const CallArgs& call, const std::string& fn);
// METH_VARARGS counts: "f expected 2 arguments, got 1", "f expected at least
// 2 arguments, got 1", "f expected at most 4 arguments, got 5".
void c_count(const CallArgs& call, const std::string& fn, size_t min, size_t max);
// METH_O: "_operator.truth() takes exactly one argument (0 given)".
void c_exactly_one(const CallArgs& call, const std::string& fn);

}  // namespace rungs::python
