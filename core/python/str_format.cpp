#include "core/python/str_format.h"
#include "core/python/int_value.h"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "core/python/array_protocol.h"
#include "core/python/classes.h"
#include "core/python/interpreter.h"
#include "core/python/utf8.h"
#include "core/python/value_ops.h"

namespace rungs::python {

namespace {

// The shortest "%.*e" text of v that parses back to v: mantissa digits and
// the decimal exponent.
void shortest_digits(double v, std::string& digits, int& exponent) {
  char buf[64];
  for (int precision = 0; precision <= 17; ++precision) {
    std::snprintf(buf, sizeof buf, "%.*e", precision, v);
    if (std::strtod(buf, nullptr) == v) break;
  }
  std::string s = buf;  // d.ddddde+XX
  size_t e = s.find('e');
  exponent = std::atoi(s.c_str() + e + 1);
  digits.clear();
  for (size_t i = 0; i < e; ++i)
    if (s[i] >= '0' && s[i] <= '9') digits += s[i];
  while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
}

struct Spec {
  std::string fill = " ";  // one code point (UTF-8)
  char align = 0;  // < > ^ =
  char sign = '-';
  bool alternate = false;
  bool zero = false;
  int width = -1;
  char grouping = 0;
  int precision = -1;
  char type = 0;
};

Spec parse_spec(const std::string& s, const std::string& type_for_error) {
  Spec spec;
  size_t i = 0;
  auto is_align = [](char c) { return c == '<' || c == '>' || c == '^' || c == '='; };
  // The fill is any one code point: '─' in f"{title:─^40}" is three bytes.
  size_t fill_len = 1;
  if (!s.empty()) {
    unsigned char c = static_cast<unsigned char>(s[0]);
    fill_len = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
  }
  if (s.size() > fill_len && is_align(s[fill_len])) {
    spec.fill = s.substr(0, fill_len);
    spec.align = s[fill_len];
    i = fill_len + 1;
  } else if (!s.empty() && is_align(s[0])) {
    spec.align = s[0];
    i = 1;
  }
  if (i < s.size() && (s[i] == '+' || s[i] == '-' || s[i] == ' ')) spec.sign = s[i++];
  if (i < s.size() && s[i] == 'z') ++i;
  if (i < s.size() && s[i] == '#') {
    spec.alternate = true;
    ++i;
  }
  if (i < s.size() && s[i] == '0') {
    spec.zero = true;
    ++i;
  }
  if (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) {
    spec.width = 0;
    while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i])))
      spec.width = spec.width * 10 + (s[i++] - '0');
  }
  if (i < s.size() && (s[i] == ',' || s[i] == '_')) spec.grouping = s[i++];
  if (i < s.size() && s[i] == '.') {
    ++i;
    spec.precision = 0;
    if (i >= s.size() || !std::isdigit(static_cast<unsigned char>(s[i])))
      raise_here(ErrorId::format_spec_invalid, s, type_for_error);
    while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i])))
      spec.precision = spec.precision * 10 + (s[i++] - '0');
  }
  if (i < s.size()) spec.type = s[i++];
  if (i != s.size()) raise_here(ErrorId::format_spec_invalid, s, type_for_error);
  return spec;
}

std::string group_digits(const std::string& digits, char sep, int group = 3) {
  std::string out;
  int count = 0;
  for (size_t i = digits.size(); i-- > 0;) {
    out.insert(out.begin(), digits[i]);
    if (++count % group == 0 && i > 0) out.insert(out.begin(), sep);
  }
  return out;
}

// An int's digits grouped (by 3 in decimal, 4 in binary, octal and hex, as
// CPython's format) and, under zero padding, widened with grouped zeros
// until the body is at least `min_width` long ('0,001,234' for '09,').
std::string group_int_digits(std::string digits, const Spec& spec, int base, bool negative) {
  int group = base == 10 ? 3 : 4;
  std::string out = group_digits(digits, spec.grouping, group);
  if (!spec.zero || spec.align) return out;
  int sign = negative || spec.sign == '+' || spec.sign == ' ' ? 1 : 0;
  int prefix = spec.alternate && base != 10 ? 2 : 0;
  while (static_cast<int>(out.size()) + sign + prefix < spec.width) {
    digits.insert(digits.begin(), '0');
    out = group_digits(digits, spec.grouping, group);
  }
  return out;
}

// Apply sign, zero padding, alignment and width to a formatted number body.
std::string pad_number(const Spec& spec, bool negative, std::string body, bool numeric) {
  std::string sign = negative ? "-" : spec.sign == '+' ? "+" : spec.sign == ' ' ? " " : "";
  char align = spec.align ? spec.align : (numeric ? '>' : '<');
  std::string fill = spec.fill;
  if (spec.zero && !spec.align) {
    align = '=';
    fill = "0";
  }
  // Widths count code points, as CPython's do, not UTF-8 bytes.
  int len = static_cast<int>(sign.size() + utf8::length(body));
  if (spec.width <= len) return sign + body;
  auto repeat = [&](int n) {
    std::string out;
    for (int k = 0; k < n; ++k) out += fill;
    return out;
  };
  int total = spec.width - len;
  std::string padding = repeat(total);
  switch (align) {
    case '<': return sign + body + padding;
    case '^': {
      int left = total / 2;
      return repeat(left) + sign + body + repeat(total - left);
    }
    case '=': return sign + padding + body;
    default: return padding + sign + body;
  }
}

std::string format_float_body(double v, const Spec& spec, char type) {
  char buf[512];
  int precision = spec.precision < 0 ? 6 : std::min(spec.precision, 200);
  if (std::isnan(v)) return (type >= 'A' && type <= 'Z') ? "NAN" : "nan";
  if (std::isinf(v)) return (type >= 'A' && type <= 'Z') ? "INF" : "inf";
  switch (type) {
    case 'f':
    case 'F': std::snprintf(buf, sizeof buf, spec.alternate ? "%#.*f" : "%.*f", precision, v); break;
    case 'e':
    case 'E':
      std::snprintf(buf, sizeof buf, type == 'e' ? "%.*e" : "%.*E", precision, v);
      break;
    case '%': std::snprintf(buf, sizeof buf, "%.*f%%", precision, v * 100); break;
    case 'g':
    case 'G':
    case 'n': {
      if (precision == 0) precision = 1;
      std::snprintf(buf, sizeof buf, type == 'G' ? "%.*G" : "%.*g", precision, v);
      break;
    }
    default: {  // no type: like 'g' but always with a digit after the point
      if (spec.precision < 0) return py_float_repr(v);
      std::snprintf(buf, sizeof buf, "%.*g", std::max(precision, 1), v);
      std::string s = buf;
      if (s.find_first_of(".e") == std::string::npos && s != "inf" && s != "nan") s += ".0";
      return s;
    }
  }
  return buf;
}

std::string format_number(double v, int64_t iv, bool is_int, const Spec& spec) {
  char type = spec.type;
  if (is_int && (type == 0 || type == 'd' || type == 'n' || type == 'b' || type == 'o' ||
                 type == 'x' || type == 'X' || type == 'c')) {
    bool neg = iv < 0;
    uint64_t mag = neg ? 0 - static_cast<uint64_t>(iv) : static_cast<uint64_t>(iv);
    std::string body;
    int base = type == 'b' ? 2 : type == 'o' ? 8 : (type == 'x' || type == 'X') ? 16 : 10;
    if (type == 'c') return pad_number(spec, false, std::string(1, static_cast<char>(iv)), false);
    const char* digits = type == 'X' ? "0123456789ABCDEF" : "0123456789abcdef";
    do {
      body.insert(body.begin(), digits[mag % base]);
      mag /= base;
    } while (mag);
    if (spec.grouping) body = group_int_digits(body, spec, base, neg);
    if (spec.alternate && base != 10) body = std::string("0") + (base == 2 ? "b" : base == 8 ? "o" : type == 'X' ? "X" : "x") + body;
    return pad_number(spec, neg, body, true);
  }
  bool neg = std::signbit(v) && !std::isnan(v);
  std::string body = format_float_body(std::fabs(v), spec, type);
  if (spec.grouping) {
    size_t dot = body.find_first_of(".e");
    body = group_digits(body.substr(0, dot), spec.grouping) +
           (dot == std::string::npos ? "" : body.substr(dot));
  }
  return pad_number(spec, neg, body, true);
}

// An int beyond 64 bits: its digits from int_value.h, the padding and
// grouping of the small ints'; float presentation types convert first.
std::string format_big_int(const Value& v, const Spec& spec) {
  char type = spec.type;
  if (type == 0 || type == 'd' || type == 'n' || type == 'b' || type == 'o' || type == 'x' || type == 'X') {
    int base = type == 'b' ? 2 : type == 'o' ? 8 : (type == 'x' || type == 'X') ? 16 : 10;
    std::string body = int_to_string(int_abs(v), base);
    if (type == 'X')
      for (char& c : body) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    if (spec.grouping) body = group_int_digits(body, spec, base, to_big(v).negative());
    if (spec.alternate && base != 10) body = std::string("0") + (base == 2 ? "b" : base == 8 ? "o" : type == 'X' ? "X" : "x") + body;
    return pad_number(spec, to_big(v).negative(), body, true);
  }
  return format_number(int_to_double(v), 0, false, spec);
}

}  // namespace

std::string py_float_repr(double v) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  if (v == 0) return std::signbit(v) ? "-0.0" : "0.0";
  std::string digits;
  int exp = 0;
  shortest_digits(std::fabs(v), digits, exp);
  std::string out = v < 0 ? "-" : "";
  if (exp < -4 || exp >= 16) {
    out += digits.substr(0, 1);
    if (digits.size() > 1) out += "." + digits.substr(1);
    char e[16];
    std::snprintf(e, sizeof e, "e%c%02d", exp < 0 ? '-' : '+', std::abs(exp));
    return out + e;
  }
  if (exp < 0) return out + "0." + std::string(static_cast<size_t>(-exp - 1), '0') + digits;
  std::string int_part, frac;
  if (static_cast<int>(digits.size()) <= exp + 1) {
    int_part = digits + std::string(static_cast<size_t>(exp + 1) - digits.size(), '0');
    frac = "0";
  } else {
    int_part = digits.substr(0, static_cast<size_t>(exp + 1));
    frac = digits.substr(static_cast<size_t>(exp + 1));
  }
  return out + int_part + "." + frac;
}

std::string format_value(Interpreter& interp, const Value& v, const std::string& spec_text,
                         SourceRange where) {
  // A user class's __format__ answers for its instances, spec empty or not
  // (f"{x}" is format(x, "")); without one, object.__format__ takes only "".
  if (auto cls = user_class_of(v); cls && !v.is(ObjKind::Tuple)) {
    if (cls->lookup("__format__")) {
      Value out;
      call_dunder(interp, v, "__format__", Values{make_str(spec_text)}, out, where);
      if (!out.is(ObjKind::Str)) raise(ErrorId::format_returned_non_str, where, type_name(out));
      return out.as<StrObj>().s;
    }
    if (!spec_text.empty()) raise(ErrorId::format_unsupported_spec, where, cls->name);
  }
  if (spec_text.empty()) return interp.str(v);
  if (v.is_none() || v.is(ObjKind::Tuple) || v.is(ObjKind::List) || v.is(ObjKind::Dict) || v.is(ObjKind::Set) ||
      v.is(ObjKind::Range) || v.is(ObjKind::Slice) || v.is(ObjKind::Ellipsis) || v.is(ObjKind::Function) ||
      v.is(ObjKind::Builtin) || v.is(ObjKind::BoundMethod) || v.is(ObjKind::Module) ||
      v.is(ObjKind::Exception) || v.is(ObjKind::Iterator) || v.is(ObjKind::Class))
    raise(ErrorId::format_unsupported_spec, where, type_name(v));
  Value value = v;
  // 0-d arrays format like the Python scalar they hold (JAX's __format__).
  if (v.is(ObjKind::Array)) {
    if (std::optional<Value> n = array_protocol().concrete_scalar(v)) value = *n;
  }
  if (is_big(value)) {
    if (spec_text.empty()) return interp.str(value);
    return format_big_int(value, parse_spec(spec_text, "int"));
  }
  if (value.is(ObjKind::Str) || value.is_none() || value.is_obj()) {
    std::string s = interp.str(value);
    Spec spec = parse_spec(spec_text, type_name(value));
    if (spec.type != 0 && spec.type != 's')
      raise_here(ErrorId::format_unknown_code, std::string(1, spec.type), type_name(value));
    if (spec.precision >= 0 && utf8::length(s) > spec.precision)
      s = s.substr(0, utf8::starts(s)[static_cast<size_t>(spec.precision)]);
    return pad_number(spec, false, s, false);
  }
  Spec spec = parse_spec(spec_text, type_name(value));
  bool is_int = value.is_int() || value.is_bool();
  if (value.is_bool() && spec.type == 0) {  // bool formats as its int
    is_int = true;
  }
  if (!is_int && std::string("bcdoxX").find(spec.type ? spec.type : '?') != std::string::npos)
    raise_here(ErrorId::format_unknown_code, std::string(1, spec.type), "float");
  if (spec.type == 's') raise_here(ErrorId::format_unknown_code, "s", type_name(value));
  return format_number(value.as_float(), value.as_int(), is_int, spec);
}

bool format_has_placeholders(const std::string& fmt) {
  // Formatter().parse yields (literal, field, spec, conv) chunks; the first
  // chunk has a field name iff a "{...}" occurs before any escaped brace.
  for (size_t i = 0; i < fmt.size(); ++i) {
    if (fmt[i] == '{') return !(i + 1 < fmt.size() && fmt[i + 1] == '{');
    if (fmt[i] == '}' && i + 1 < fmt.size() && fmt[i + 1] == '}') return false;
  }
  return false;
}

std::string str_format(Interpreter& interp, const std::string& fmt, const CallArgs& args) {
  std::string out;
  int auto_index = 0;
  bool used_auto = false, used_manual = false;
  for (size_t i = 0; i < fmt.size(); ++i) {
    char c = fmt[i];
    if (c == '}') {
      if (i + 1 < fmt.size() && fmt[i + 1] == '}') {
        out += '}';
        ++i;
        continue;
      }
      raise_here(ErrorId::format_single_brace, "}");
    }
    if (c != '{') {
      out += c;
      continue;
    }
    if (i + 1 < fmt.size() && fmt[i + 1] == '{') {
      out += '{';
      ++i;
      continue;
    }
    // Find the matching close brace, allowing nested {} in the spec.
    size_t depth = 1, j = i + 1;
    for (; j < fmt.size() && depth > 0; ++j) {
      if (fmt[j] == '{') ++depth;
      if (fmt[j] == '}') --depth;
    }
    if (depth != 0) raise_here(ErrorId::format_single_brace, "{");
    std::string field = fmt.substr(i + 1, j - i - 2);
    i = j - 1;
    std::string spec, name = field;
    char conversion = 0;
    size_t colon = field.find(':');
    if (colon != std::string::npos) {
      spec = field.substr(colon + 1);
      name = field.substr(0, colon);
    }
    size_t bang = name.find('!');
    if (bang != std::string::npos) {
      conversion = bang + 1 < name.size() ? name[bang + 1] : 0;
      name = name.substr(0, bang);
    }
    if (spec.find('{') != std::string::npos) spec = str_format(interp, spec, args);
    // Split "0.attr" / "0[key]" accessors off the argument name.
    size_t accessor = name.find_first_of(".[");
    std::string head = name.substr(0, accessor);
    Value value;
    if (head.empty()) {
      if (used_manual) raise_here(ErrorId::format_mixed_numbering);
      used_auto = true;
      if (auto_index >= static_cast<int>(args.positional.size()))
        raise_here(ErrorId::format_index_range, auto_index);
      value = args.positional[static_cast<size_t>(auto_index++)];
    } else if (std::isdigit(static_cast<unsigned char>(head[0]))) {
      if (used_auto) raise_here(ErrorId::format_mixed_numbering);
      used_manual = true;
      size_t idx = std::strtoul(head.c_str(), nullptr, 10);
      if (idx >= args.positional.size()) raise_here(ErrorId::format_index_range, idx);
      value = args.positional[idx];
    } else {
      const Value* kw = args.keyword(head);
      if (!kw) raise_here(ErrorId::format_missing_key, head);
      value = *kw;
    }
    while (accessor != std::string::npos && accessor < name.size()) {
      if (name[accessor] == '.') {
        size_t end = name.find_first_of(".[", accessor + 1);
        value = interp.getattr(value, name.substr(accessor + 1, end - accessor - 1), interp.current_range());
        accessor = end;
      } else {
        size_t end = name.find(']', accessor);
        std::string key = name.substr(accessor + 1, end - accessor - 1);
        Value k = (!key.empty() && std::isdigit(static_cast<unsigned char>(key[0])))
                      ? Value::integer(std::atoll(key.c_str()))
                      : make_str(key);
        value = interp.getitem(value, k, interp.current_range());
        accessor = end == std::string::npos ? end : end + 1;
      }
    }
    if (conversion == 'r' || conversion == 'a') value = make_str(interp.repr(value));
    else if (conversion == 's') value = make_str(interp.str(value));
    out += format_value(interp, value, spec, interp.current_range());
  }
  return out;
}

Value percent_format(Interpreter& interp, const std::string& fmt, const Value& args,
                     SourceRange where) {
  Values items;
  const DictObj* mapping = nullptr;
  if (args.is(ObjKind::Tuple)) items = args.as<TupleObj>().items;
  else if (args.is(ObjKind::Dict)) mapping = &args.as<DictObj>();
  else items = {args};
  size_t next = 0;
  std::string out;
  for (size_t i = 0; i < fmt.size(); ++i) {
    if (fmt[i] != '%') {
      out += fmt[i];
      continue;
    }
    size_t start = i++;
    if (i >= fmt.size()) raise(ErrorId::percent_unsupported, where, "%", "25", start);
    Value value;
    bool have_value = false;
    if (fmt[i] == '(') {
      size_t close = fmt.find(')', i);
      std::string key = fmt.substr(i + 1, close - i - 1);
      if (!mapping) raise(ErrorId::percent_not_enough, where);
      const Value* v = mapping->find(make_str(key));
      if (!v) raise(ErrorId::key_error, where, "'" + key + "'");
      value = *v;
      have_value = true;
      i = close + 1;
    }
    std::string flags;
    while (i < fmt.size() && std::string("-+ #0").find(fmt[i]) != std::string::npos) flags += fmt[i++];
    std::string width, precision;
    while (i < fmt.size() && std::isdigit(static_cast<unsigned char>(fmt[i]))) width += fmt[i++];
    if (i < fmt.size() && fmt[i] == '.') {
      precision = ".";
      ++i;
      while (i < fmt.size() && std::isdigit(static_cast<unsigned char>(fmt[i]))) precision += fmt[i++];
    }
    if (i >= fmt.size()) raise(ErrorId::percent_unsupported, where, "?", "3f", i);
    char conv = fmt[i];
    if (conv == '%') {
      out += '%';
      continue;
    }
    if (!have_value) {
      if (mapping || next >= items.size()) raise(ErrorId::percent_not_enough, where);
      value = items[next++];
    }
    // A 0-d array (a NumPy scalar, a concrete jax array) formats as its
    // number, through __float__/__int__/__index__ as in CPython.
    if (is_array(value))
      if (std::optional<Value> n = array_protocol().concrete_scalar(value)) value = *n;
    std::string spec;
    char align_flag = flags.find('-') != std::string::npos ? '<' : 0;
    if (align_flag) spec += '<';
    if (flags.find('+') != std::string::npos) spec += '+';
    else if (flags.find(' ') != std::string::npos) spec += ' ';
    if (flags.find('#') != std::string::npos) spec += '#';
    if (flags.find('0') != std::string::npos && !align_flag) spec += '0';
    spec += width + precision;
    switch (conv) {
      // printf pads text on the left unless '-' is given (format()'s default
      // for str is the other way).
      case 's': out += format_value(interp, make_str(interp.str(value)), align_flag ? spec : ">" + spec, where); break;
      case 'r':
      case 'a': out += format_value(interp, make_str(interp.repr(value)), align_flag ? spec : ">" + spec, where); break;
      case 'd':
      case 'i':
      case 'u': {
        if (!is_real(value)) raise(ErrorId::percent_bad_type, where, std::string(1, conv), type_name(value));
        Value iv = value.is_float() ? int_from_double(value.as_float()) : value.is_bool() ? Value::integer(value.as_int()) : value;
        out += format_value(interp, iv, spec + "d", where);
        break;
      }
      case 'f':
      case 'F':
      case 'e':
      case 'E':
      case 'g':
      case 'G':
        if (!is_real(value)) raise(ErrorId::percent_bad_type, where, std::string(1, conv), type_name(value));
        out += format_value(interp, Value::floating(int_to_double(value)), spec + conv, where);
        break;
      case 'x':
      case 'X':
      case 'o':
        if (!is_integer(value)) raise(ErrorId::percent_bad_type, where, std::string(1, conv), type_name(value));
        out += format_value(interp, value, spec + conv, where);
        break;
      case 'c':
        out += is_int_like(value) ? std::string(1, static_cast<char>(value.as_int())) : interp.str(value);
        break;
      default: {
        char hex[8];
        std::snprintf(hex, sizeof hex, "%x", static_cast<unsigned char>(conv));
        raise(ErrorId::percent_unsupported, where, std::string(1, conv), hex, i);
      }
    }
  }
  if (!mapping && next < items.size()) raise(ErrorId::percent_not_all_converted, where);
  return make_str(out);
}

}  // namespace rungs::python
