#include "core/rungs/debug_print.h"

#include <cstdio>

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

namespace {

// XLA's primitive type names, as the TPU log prints a value's type.
std::string xla_type_name(array::DType d) {
  if (d == array::DType::Bool) return "pred";
  if (d == array::DType::BFloat16) return "bf16";
  int bits = array::bit_width(d);
  if (array::is_float(d)) return "f" + std::to_string(bits);
  return (array::is_unsigned_int(d) ? "u" : "s") + std::to_string(bits);
}

std::string element_text(const Array& a, int64_t flat) {
  if (array::is_float(a.dtype())) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.9g", a.get_double(flat));
    return buf;
  }
  if (a.dtype() == array::DType::Bool) return a.get_int(flat) ? "true" : "false";
  return std::to_string(a.get_int(flat));
}

// Dimensions from `dim` on of the elements starting at `flat`, in XLA's
// literal layout: the innermost rows "{ 0, 1, 2 }", each on its own line.
void literal_rows(const Array& a, size_t dim, int64_t flat, const std::string& indent, std::string& out) {
  const array::Shape& shape = a.shape();
  int64_t stride = 1;
  for (size_t d = dim + 1; d < shape.size(); ++d) stride *= shape[d];
  if (dim + 1 == shape.size()) {
    out += indent + "{ ";
    for (int64_t i = 0; i < shape[dim]; ++i) out += (i ? ", " : "") + element_text(a, flat + i);
    out += " }";
    return;
  }
  out += indent + "{\n";
  for (int64_t i = 0; i < shape[dim]; ++i) {
    literal_rows(a, dim + 1, flat + i * stride, indent + "  ", out);
    out += i + 1 < shape[dim] ? ",\n" : "\n";
  }
  out += indent + "}";
}

std::string literal_text(const Array& a) {
  std::string dims;
  for (size_t d = 0; d < a.shape().size(); ++d) dims += (d ? "," : "") + std::to_string(a.shape()[d]);
  std::string out = xla_type_name(a.dtype()) + "[" + dims + "] ";
  literal_rows(a, 0, 0, "", out);
  return out;
}

}  // namespace

std::string tpu_log_line(python::Interpreter& host, const std::string& fmt, const std::vector<Array>& args) {
  if (args.size() == 1 && !args[0].shape().empty()) {
    // The lowering checked that the format ends with "{}".
    std::string text = fmt.size() >= 2 ? fmt.substr(0, fmt.size() - 2) : fmt;
    return text + literal_text(args[0]);
  }
  if (python::format_has_placeholders(fmt)) return debug_print_line(host, fmt, args);
  std::string line = fmt;
  for (size_t i = 0; i < args.size(); ++i)
    line += (i ? " " : "") + xla_type_name(args[i].dtype()) + "[] " + element_text(args[i], 0);
  return line;
}

void run_debug_print(python::Interpreter& host, const std::string& fmt, const std::vector<Array>& args, bool tpu_log) {
  const std::string mark = kDebugCallbackMark;
  if (fmt.compare(0, mark.size(), mark) != 0) {
    host.write_stdout((tpu_log ? tpu_log_line(host, fmt, args) : debug_print_line(host, fmt, args)) + "\n");
    return;
  }
  python::CallArgs call;
  call.positional.push_back(python::Value::integer(std::stoll(fmt.substr(mark.size()))));
  for (const Array& a : args) call.positional.push_back(jax::make_array(a));
  python::Value api = host.import_module("jax._api", {});
  host.call(host.getattr(api, "debug_callback_run", {}), call);
}

}  // namespace rungs::exec
