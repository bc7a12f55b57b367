// Python's three string formatting languages: format specs (f-strings and
// format()), str.format replacement fields, and printf-style `%`. Also the
// repr of floats (shortest round-trip digits), which every printer shares.
#pragma once

#include <string>

#include "core/python/objects.h"

namespace rungs::python {

// repr(float) as Python prints it: "0.1", "1.0", "1e-05", "1e+16", "inf", "nan".
std::string py_float_repr(double v);

// format(value, spec)
std::string format_value(Interpreter& interp, const Value& v, const std::string& spec,
                         SourceRange where);

// fmt.format(*args, **kwargs)
std::string str_format(Interpreter& interp, const std::string& fmt, const CallArgs& args);

// fmt % args
Value percent_format(Interpreter& interp, const std::string& fmt, const Value& args,
                     SourceRange where);

// Does `fmt` have a replacement field, by the test pl.debug_print uses (the
// first item of string.Formatter().parse(fmt) has a field name)?
bool format_has_placeholders(const std::string& fmt);

}  // namespace rungs::python
