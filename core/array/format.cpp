// NumPy's arrayprint (numpy 1.24, legacy=False) re-implemented: the element
// formatters (FloatingFormat in 'maxprec' mode, IntegerFormat, BoolFormat,
// and repr() per element for bfloat16, which ml_dtypes does not register as
// np.floating) and _formatArray's wrapping and summarising. Float digits are
// NumPy's Dragon4 "unique" digits: the shortest decimal that round-trips at
// the element's own precision, found by trying %.{n}e for growing n (exact
// in glibc and musl printf), and correctly rounded when a precision cap cuts
// them short.
#include "core/array/format.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <sstream>

#include "core/array/dispatch.h"

namespace rungs::array {

namespace {

// ---- digits

// Does decimal text s read back as exactly v at dtype's precision?
bool round_trips(const char* s, double v, DType t) {
  double d = std::strtod(s, nullptr);
  switch (t) {
    case DType::Float16: return float_to_f16(static_cast<float>(d)) == float_to_f16(static_cast<float>(v));
    case DType::BFloat16: return float_to_bf16(static_cast<float>(d)) == float_to_bf16(static_cast<float>(v));
    case DType::Float32: return std::strtof(s, nullptr) == static_cast<float>(v);
    default: return is_narrow_float(t) ? double_to_narrow(t, d) == double_to_narrow(t, v) : d == v;
  }
}

// Decimal digits d1 d2 ... dn and exponent e with |v| = d1.d2...dn x 10^e.
struct Digits {
  std::string digits;
  int exp10 = 0;
};

Digits parse_e(const char* buf) {
  // buf: "[-]d.ddde[+-]xx" or "[-]de[+-]xx"
  Digits d;
  const char* p = buf;
  if (*p == '-') ++p;
  for (; *p && *p != 'e'; ++p) {
    if (*p != '.') d.digits += *p;
  }
  d.exp10 = *p == 'e' ? std::atoi(p + 1) : 0;
  while (d.digits.size() > 1 && d.digits.back() == '0') d.digits.pop_back();
  return d;
}

Digits shortest_digits(double v, DType t) {
  double a = std::fabs(v);
  if (a == 0) return Digits{"0", 0};
  char buf[64];
  for (int n = 0; n < 17; ++n) {
    std::snprintf(buf, sizeof buf, "%.*e", n, a);
    if (round_trips(buf, a, t)) return parse_e(buf);
  }
  std::snprintf(buf, sizeof buf, "%.16e", a);
  return parse_e(buf);
}

// Digits of |v| rounded to `frac` digits after the point (positional) or to
// `frac` digits after the first significant digit (scientific).
Digits rounded_digits(double v, int frac, bool scientific) {
  char buf[512];
  if (scientific) {
    std::snprintf(buf, sizeof buf, "%.*e", frac, std::fabs(v));
    return parse_e(buf);
  }
  std::snprintf(buf, sizeof buf, "%.*f", frac, std::fabs(v));
  // Convert "iii.fff" to digits/exponent form.
  std::string s = buf;
  size_t dot = s.find('.');
  std::string ip = s.substr(0, dot), fp = dot == std::string::npos ? "" : s.substr(dot + 1);
  std::string all = ip + fp;
  size_t first = all.find_first_not_of('0');
  if (first == std::string::npos) return Digits{"0", 0};
  Digits d;
  d.digits = all.substr(first);
  d.exp10 = static_cast<int>(ip.size()) - 1 - static_cast<int>(first);
  while (d.digits.size() > 1 && d.digits.back() == '0') d.digits.pop_back();
  return d;
}

enum class Trim { Keep, Dot, LeaveOneZero, DotZeros };  // numpy 'k', '.', '0', '-'

struct FloatParts {
  std::string int_part;   // with sign
  std::string frac_part;  // without the '.'
  bool has_dot = true;
  std::string exp_part;   // "e+05" (scientific only)
};

void apply_trim(FloatParts& p, Trim trim, int min_digits) {
  while (static_cast<int>(p.frac_part.size()) < min_digits) p.frac_part += '0';
  if (trim == Trim::LeaveOneZero && p.frac_part.empty()) p.frac_part = "0";
  if (trim == Trim::DotZeros && p.frac_part.empty()) p.has_dot = false;
}

// dragon4_positional(x, precision, unique=True, fractional=True, trim, ...).
FloatParts positional(double v, DType t, int precision, int min_digits, Trim trim) {
  Digits d = shortest_digits(v, t);
  int frac_needed = std::max(0, static_cast<int>(d.digits.size()) - 1 - d.exp10);
  if (precision >= 0 && frac_needed > precision) d = rounded_digits(v, precision, false);
  FloatParts p;
  const std::string& ds = d.digits;
  if (min_digits >= 0 && ds != "0" && d.exp10 >= static_cast<int>(ds.size())) {
    // Dragon4 with min_digits set keeps generating exact digits down to the
    // units place: float16 65504 prints "65504." in arrays, "65500.0" alone.
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.0f", std::fabs(v));
    p.int_part = buf;
  } else if (ds == "0") {
    p.int_part = "0";
  } else if (d.exp10 >= 0) {
    for (int i = 0; i <= d.exp10; ++i) p.int_part += i < static_cast<int>(ds.size()) ? ds[static_cast<size_t>(i)] : '0';
    if (static_cast<int>(ds.size()) > d.exp10 + 1) p.frac_part = ds.substr(static_cast<size_t>(d.exp10 + 1));
  } else {
    p.int_part = "0";
    p.frac_part = std::string(static_cast<size_t>(-d.exp10 - 1), '0') + ds;
  }
  if (std::signbit(v)) p.int_part = "-" + p.int_part;
  apply_trim(p, trim, min_digits);
  return p;
}

// dragon4_scientific(x, precision, unique=True, trim, exp_digits, ...).
FloatParts scientific(double v, DType t, int precision, int min_digits, Trim trim, int exp_digits) {
  Digits d = shortest_digits(v, t);
  if (precision >= 0 && static_cast<int>(d.digits.size()) - 1 > precision) d = rounded_digits(v, precision, true);
  // min_digits asks for more digits than unique: they are exact, not zeros.
  if (min_digits > 0 && static_cast<int>(d.digits.size()) - 1 < min_digits) d = rounded_digits(v, min_digits, true);
  FloatParts p;
  p.int_part = std::string(std::signbit(v) ? "-" : "") + d.digits[0];
  p.frac_part = d.digits.substr(1);
  apply_trim(p, trim, min_digits);
  int e = d.exp10;
  std::string ed = std::to_string(std::abs(e));
  int width = std::max(exp_digits, 2);
  while (static_cast<int>(ed.size()) < width) ed = "0" + ed;
  p.exp_part = std::string("e") + (e < 0 ? "-" : "+") + ed;
  return p;
}

std::string join(const FloatParts& p, int pad_left, int pad_right) {
  std::string s;
  if (static_cast<int>(p.int_part.size()) < pad_left) s.append(static_cast<size_t>(pad_left) - p.int_part.size(), ' ');
  s += p.int_part;
  if (p.has_dot) s += '.';
  s += p.frac_part;
  if (static_cast<int>(p.frac_part.size()) < pad_right) {
    s.append(static_cast<size_t>(pad_right) - p.frac_part.size(), ' ');
  }
  s += p.exp_part;
  return s;
}

// ml_dtypes' repr of a bfloat16 scalar: `std::ostream << float` (%g, 6 digits).
std::string bf16_repr(double v) {
  if (std::isnan(v)) return "nan";
  std::ostringstream s;
  s << static_cast<float>(v);
  return s.str();
}

// ---- element formatters

struct Formatter {
  enum Kind { Bool, Int, Float, Repr } kind = Int;
  DType dtype = DType::Float32;
  // Bool
  std::string truestr = " True";
  // Int
  int width = 0;
  // Float
  bool exp_format = false;
  int precision = 8, min_digits = 0, pad_left = 0, pad_right = 0, exp_size = -1;
  Trim trim = Trim::Dot;

  std::string int_text(int64_t v) const {
    std::string s = std::to_string(v);
    if (static_cast<int>(s.size()) < width) s.insert(0, static_cast<size_t>(width) - s.size(), ' ');
    return s;
  }

  std::string operator()(double v) const {
    switch (kind) {
      case Bool: return v != 0 ? truestr : "False";
      case Int: {
        std::string s = std::to_string(static_cast<long long>(v));
        if (static_cast<int>(s.size()) < width) s.insert(0, static_cast<size_t>(width) - s.size(), ' ');
        return s;
      }
      case Repr: return bf16_repr(v);
      case Float: break;
    }
    if (!std::isfinite(v)) {
      std::string r = std::isnan(v) ? "nan" : (v < 0 ? "-inf" : "inf");
      int w = pad_left + pad_right + 1;
      if (static_cast<int>(r.size()) < w) r.insert(0, static_cast<size_t>(w) - r.size(), ' ');
      return r;
    }
    if (exp_format) return join(scientific(v, dtype, precision, min_digits, trim, exp_size), pad_left, 0);
    return join(positional(v, dtype, precision, min_digits, trim), pad_left, pad_right);
  }
};

Formatter make_formatter(DType t, const std::vector<double>& data, bool zero_d, const PrintOptions& o) {
  Formatter f;
  f.dtype = t;
  if (is_bool(t)) {
    f.kind = Formatter::Bool;
    f.truestr = zero_d ? "True" : " True";
    return f;
  }
  if (is_narrow(t)) {  // ml_dtypes' types are not np.integer/np.floating: repr() per element, unpadded
    f.kind = Formatter::Repr;
    return f;
  }
  if (is_integer(t)) {
    f.kind = Formatter::Int;
    if (!data.empty()) {
      auto [mn, mx] = std::minmax_element(data.begin(), data.end());
      f.width = static_cast<int>(std::max(std::to_string(static_cast<long long>(*mn)).size(),
                                          std::to_string(static_cast<long long>(*mx)).size()));
    }
    return f;
  }
  if (t == DType::BFloat16) {
    f.kind = Formatter::Repr;
    return f;
  }
  f.kind = Formatter::Float;
  f.precision = o.precision;
  std::vector<double> finite;
  bool neginf = false, nonfinite = false;
  for (double v : data) {
    if (std::isfinite(v)) finite.push_back(v);
    else {
      nonfinite = true;
      if (std::isinf(v) && v < 0) neginf = true;
    }
  }
  double mx = 0, mn = INFINITY;
  bool any_nonzero = false;
  for (double v : finite) {
    if (v == 0) continue;
    any_nonzero = true;
    mx = std::max(mx, std::fabs(v));
    mn = std::min(mn, std::fabs(v));
  }
  if (any_nonzero && (mx >= 1e8 || (!o.suppress && (mn < 0.0001 || mx / mn > 1000.0)))) f.exp_format = true;
  if (finite.empty()) {
    f.pad_left = f.pad_right = 0;
    f.trim = Trim::Dot;
    f.exp_size = -1;
  } else if (f.exp_format) {
    int frac = 0, left = 0, exp_len = 0;
    for (double v : finite) {
      FloatParts p = scientific(v, t, o.precision, -1, Trim::Dot, -1);
      frac = std::max(frac, static_cast<int>(p.frac_part.size()));
      left = std::max(left, static_cast<int>(p.int_part.size()));
      exp_len = std::max(exp_len, static_cast<int>(p.exp_part.size()) - 1);  // without the 'e'
    }
    f.exp_size = exp_len - 1;
    f.trim = Trim::Keep;
    f.precision = frac;
    f.min_digits = frac;
    f.pad_left = left;
    f.pad_right = f.exp_size + 2 + f.precision;
  } else {
    int left = 0, right = 0;
    for (double v : finite) {
      FloatParts p = positional(v, t, o.precision, -1, Trim::Dot);
      left = std::max(left, static_cast<int>(p.int_part.size()));
      right = std::max(right, static_cast<int>(p.frac_part.size()));
    }
    f.pad_left = left;
    f.pad_right = right;
    f.trim = Trim::Dot;
    f.min_digits = 0;
  }
  if (nonfinite) {
    int offset = f.pad_right + 1;
    f.pad_left = std::max({f.pad_left, 3 - offset, 3 + (neginf ? 1 : 0) - offset});
  }
  return f;
}

// ---- layout (_formatArray)

struct Printer {
  const Array& a;
  const Formatter& fmt;
  std::string separator;
  int edge;
  bool summarise;
  std::vector<int64_t> strides;

  void extend_line(std::string& s, std::string& line, const std::string& word, int width,
                   const std::string& next_prefix) const {
    bool wrap = static_cast<int>(line.size() + word.size()) > width;
    if (line.size() <= next_prefix.size()) wrap = false;
    if (wrap) {
      size_t end = line.find_last_not_of(' ');
      s += (end == std::string::npos ? std::string() : line.substr(0, end + 1)) + "\n";
      line = next_prefix;
    }
    line += word;
  }

  std::string rec(int axis, int64_t offset, const std::string& hang, int width) const {
    if (axis == a.rank()) {
      // int64 values past 2**53 are not exact as doubles: print the integer.
      if (fmt.kind == Formatter::Int) return fmt.int_text(a.get_int(offset));
      return fmt(a.get_double(offset));
    }
    const std::string next_hang = hang + " ";
    const int next_width = width - 1;
    const int64_t n = a.shape()[static_cast<size_t>(axis)];
    const int64_t st = strides[static_cast<size_t>(axis)];
    const bool show = summarise && 2 * edge < n;
    const int64_t lead = show ? edge : 0;
    const int64_t trail = show ? edge : n;
    std::string s;
    const int axes_left = a.rank() - axis;
    if (axes_left == 1) {
      std::string sep_r = separator.substr(0, separator.find_last_not_of(' ') + 1);
      const int elem_width = width - static_cast<int>(std::max<size_t>(sep_r.size(), 1));
      std::string line = hang;
      for (int64_t i = 0; i < lead; ++i) {
        extend_line(s, line, rec(axis + 1, offset + i * st, next_hang, next_width), elem_width, hang);
        line += separator;
      }
      if (show) {
        extend_line(s, line, "...", elem_width, hang);
        line += separator;
      }
      for (int64_t i = trail; i > 1; --i) {
        extend_line(s, line, rec(axis + 1, offset + (n - i) * st, next_hang, next_width), elem_width, hang);
        line += separator;
      }
      extend_line(s, line, rec(axis + 1, offset + (n - 1) * st, next_hang, next_width), elem_width, hang);
      s += line;
    } else {
      std::string sep_r = separator.substr(0, separator.find_last_not_of(' ') + 1);
      std::string line_sep = sep_r + std::string(static_cast<size_t>(axes_left - 1), '\n');
      for (int64_t i = 0; i < lead; ++i) s += hang + rec(axis + 1, offset + i * st, next_hang, next_width) + line_sep;
      if (show) s += hang + "..." + line_sep;
      for (int64_t i = trail; i > 1; --i) {
        s += hang + rec(axis + 1, offset + (n - i) * st, next_hang, next_width) + line_sep;
      }
      s += hang + rec(axis + 1, offset + (n - 1) * st, next_hang, next_width);
    }
    return "[" + s.substr(hang.size()) + "]";
  }
};

// The elements NumPy's _leading_trailing keeps (for choosing widths).
void edge_values(const Array& a, int axis, int64_t offset, const std::vector<int64_t>& strides, int edge,
                 bool summarise, std::vector<double>& out) {
  if (axis == a.rank()) {
    out.push_back(a.get_double(offset));
    return;
  }
  const int64_t n = a.shape()[static_cast<size_t>(axis)];
  const int64_t st = strides[static_cast<size_t>(axis)];
  for (int64_t i = 0; i < n; ++i) {
    if (summarise && n > 2 * edge && i == edge) i = n - edge;
    edge_values(a, axis + 1, offset + i * st, strides, edge, summarise, out);
  }
}

std::string array2string(const Array& a, const PrintOptions& o, const std::string& separator,
                         const std::string& prefix, int linewidth) {
  if (a.size() == 0) return "[]";
  const bool summarise = a.size() > o.threshold;
  std::vector<int64_t> strides = strides_of(a.shape());
  std::vector<double> data;
  edge_values(a, 0, 0, strides, o.edgeitems, summarise, data);
  Formatter fmt = make_formatter(a.dtype(), data, a.rank() == 0, o);
  Printer p{a, fmt, separator, o.edgeitems, summarise, strides};
  return p.rec(0, 0, " " + std::string(prefix.size(), ' '), linewidth);
}

}  // namespace

std::string shortest_float(DType dtype, double v) {
  if (dtype == DType::BFloat16 || is_narrow_float(dtype)) return bf16_repr(v);
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v < 0 ? "-inf" : "inf";
  double a = std::fabs(v);
  if (a == 0 || (a >= 1e-4 && a < 1e16)) return join(positional(v, dtype, -1, -1, Trim::LeaveOneZero), 0, 0);
  return join(scientific(v, dtype, -1, -1, Trim::DotZeros, -1), 0, 0);
}

std::string scalar_str(DType dtype, double value) {
  if (is_bool(dtype)) return value != 0 ? "True" : "False";
  if (is_integer(dtype)) return std::to_string(static_cast<long long>(value));
  return shortest_float(dtype, value);
}

std::string array_str(const Array& x, const PrintOptions& opts) {
  if (x.rank() == 0 && is_integer(x.dtype())) return std::to_string(x.get_int(0));  // exact past 2**53
  if (x.rank() == 0) return scalar_str(x.dtype(), x.get_double(0));
  return array2string(x, opts, " ", "", opts.linewidth);
}

std::string array_repr(const Array& x, const PrintOptions& opts) {
  const std::string prefix = "Array(";
  std::string dtype_str = std::string("dtype=") + dtype_name(x.dtype()) + (x.weak_type() ? ", weak_type=True)" : ")");
  std::string s;
  if (x.size() == 0) {
    s = "[], shape=" + shape_str(x.shape());
  } else {
    s = array2string(x, opts, ", ", prefix, opts.linewidth - 1);  // suffix ","
  }
  size_t nl = s.rfind('\n');
  int last_line_len = static_cast<int>(nl == std::string::npos ? s.size() + 1 : s.size() - nl) + 1;
  std::string sep = " ";
  if (last_line_len + static_cast<int>(dtype_str.size()) + 1 > opts.linewidth) sep = std::string(prefix.size(), ' ');
  return prefix + s + "," + sep + dtype_str;
}

// numpy/_core/arrayprint.py _array_repr_implementation: float64, int64 and
// bool are the "typeless" dtypes whose repr omits dtype= (unless empty).
std::string numpy_array_repr(const Array& x, const PrintOptions& opts) {
  const std::string prefix = "array(";
  const DType t = x.dtype();
  const bool skip_dtype = (t == DType::Float64 || t == DType::Int64 || t == DType::Bool) && x.size() > 0;
  std::string body;
  if (x.size() > 0 || (x.rank() == 1 && x.shape()[0] == 0)) {
    body = array2string(x, opts, ", ", prefix, opts.linewidth - 1);  // suffix ")" or ","
  } else {
    body = "[], shape=" + shape_str(x.shape());
  }
  std::string s = prefix + body + (skip_dtype ? ")" : ",");
  if (skip_dtype) return s;
  const std::string dtype_str = std::string("dtype=") + dtype_name(t) + ")";
  size_t nl = s.rfind('\n');
  int last_line_len = static_cast<int>(nl == std::string::npos ? s.size() : s.size() - nl - 1);
  if (last_line_len + static_cast<int>(dtype_str.size()) + 1 > opts.linewidth)
    return s + "\n" + std::string(prefix.size(), ' ') + dtype_str;
  return s + " " + dtype_str;
}

std::string numpy_scalar_repr(DType dtype, const Array& value) {
  if (is_bool(dtype)) return value.get_bool(0) ? "np.True_" : "np.False_";
  std::string v;
  if (is_unsigned_int(dtype) && dtype == DType::UInt64) v = std::to_string(static_cast<uint64_t>(value.get_int(0)));
  else if (is_integer(dtype)) v = std::to_string(value.get_int(0));
  else v = shortest_float(dtype, value.get_double(0));
  return std::string("np.") + dtype_name(dtype) + "(" + v + ")";
}

}  // namespace rungs::array
