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

void run_debug_print(python::Interpreter& host, const std::string& fmt, const std::vector<Array>& args) {
  const std::string mark = kDebugCallbackMark;
  if (fmt.compare(0, mark.size(), mark) != 0) {
    host.write_stdout(debug_print_line(host, fmt, args) + "\n");
    return;
  }
  python::CallArgs call;
  call.positional.push_back(python::Value::integer(std::stoll(fmt.substr(mark.size()))));
  for (const Array& a : args) call.positional.push_back(jax::make_array(a));
  python::Value api = host.import_module("jax._api", {});
  host.call(host.getattr(api, "debug_callback_run", {}), call);
}

}  // namespace rungs::exec
