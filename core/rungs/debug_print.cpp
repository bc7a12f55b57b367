#include "core/rungs/debug_print.h"

#include "core/jax/array_value.h"
#include "core/python/interpreter.h"
#include "core/python/str_format.h"

namespace rungs::exec {

using array::Array;

std::string debug_print_line(python::Interpreter& host, const std::string& fmt, const std::vector<Array>& args) {
  python::CallArgs call;
  for (const Array& a : args) call.positional.push_back(jax::make_array(a));
  if (python::format_has_placeholders(fmt)) return python::str_format(host, fmt, call);
  std::string line = fmt;
  for (const python::Value& v : call.positional) line += " " + host.str(v);
  return line;
}

}  // namespace rungs::exec
