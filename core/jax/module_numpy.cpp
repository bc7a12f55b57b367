// numpy, as kernel programs use it: building reference inputs and checking
// results (np.testing.assert_allclose & co), with NumPy 2's semantics.
//
// Every jax.numpy function is re-exported under numpy (numpy_values.h)
// and runs with NumPy's dtypes and rules: np.zeros/ones/eye/linspace are
// float64, np.arange of ints is int64, Python lists are accepted, promotion
// is NEP 50's (np.float32 array + 1.0 stays float32, int64 + float32 is
// float64), sums of ints accumulate in int64, results are mutable NumPy
// ndarrays (item assignment and `z[i:j] += v` update them in place) and
// 0-d results are NumPy scalars (repr np.float64(1.5)). np.float64 / np.int64
// / np.uint64 are real 64-bit types; jax.numpy keeps x64-off behaviour, and a
// NumPy array handed to JAX converts as jnp.asarray does (float64 ->
// float32). np.asarray(jax_array) keeps JAX's dtype and is read-only. A
// traced value reaching a numpy function is JAX's TracerArrayConversionError.
// The comparisons programs use for checks (allclose, isclose, array_equal,
// np.testing.*) are computed in double precision on host arrays, as NumPy
// computes them, and return Python bools where NumPy does; the np.testing
// failure messages follow NumPy 2's layout ("Mismatched elements: ...",
// "Max absolute difference among violations: ...", " ACTUAL: array(...)").
//
// Views and copies are NumPy's (numpy_views.h): basic indexing, a.T,
// reshape/ravel of a contiguous array, a.view(), squeeze/transpose/swapaxes
// and np.asarray(ndarray) share memory with their base, and writes go both
// ways; advanced indexing, copy(), np.array and flatten copy. The design
// keeps core/array's arrays values: a NumPy ndarray that shares memory has
// a NumpyView (a shared NumpyBuffer holding one flat root array, plus
// offset, shape and strides); contiguous views read a window of the root,
// strided views a copy refreshed on every write, and a JAX array made from
// the buffer keeps its values (the buffer copies its storage before writing
// while an outsider holds it). `a op= b` and out= cast with 'same_kind'
// (_UFuncOutputCastingError), item assignment unsafely (floats truncate; an
// out-of-range Python int is NumPy 2's OverflowError). The scalar types
// answer type()/isinstance()/round() as NumPy 2's (numpy_ufunc_out.cpp).
#include <cmath>
#include <cstdio>

#include "core/array/format.h"
#include "core/array/ops.h"
#include "core/ir/host_precision.h"
#include "core/jax/module_jnp_parts.h"
#include "core/jax/numpy_values.h"
#include "core/python/operators.h"
#include "core/python/value_ops.h"

namespace rungs::jax {

namespace {

array::Array host_array(Interpreter& ip, const Value& v, SourceRange where, const char* fn) {
  NumpyScope lenient;
  array::NumpyMode numpy;
  Operand op = to_operand(ip, v, where);
  if (op.traced()) raise(ErrorId::jnp_host_only, where, std::string("numpy.") + fn);
  return op.value;
}

// NumPy's repr of the same values: "array([1., 2.])".
std::string np_repr(const array::Array& a) { return array::numpy_array_repr(a); }

// array2string of a 0-d value of dtype d: "1.", "0.33333334", "3".
std::string a2s(DType d, double v) {
  std::string s = array::array_str(array::Array::from_doubles(d, {1}, {v}));
  return s.substr(1, s.size() - 2);
}

// A float64 value as NumPy prints it (precision 8, trailing zeros trimmed).
std::string f64(double v) {
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  if (std::isnan(v)) return "nan";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.8f", v);
  std::string s = buf;
  while (!s.empty() && s.back() == '0') s.pop_back();
  return s;
}

std::string g(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

struct Pair {
  array::Array x, y;  // broadcast to one shape
  bool shapes_ok = true;
};

// assert_array_compare's shape rule: equal shapes, or one side a scalar.
Pair pair_for_compare(const array::Array& x, const array::Array& y, bool numpy_broadcast) {
  Pair p{x, y};
  if (x.shape() == y.shape()) return p;
  if (numpy_broadcast || x.rank() == 0 || y.rank() == 0) {
    array::Shape s = array::broadcast_shapes(x.shape(), y.shape());
    p.x = array::broadcast_to(x, s);
    p.y = array::broadcast_to(y, s);
    return p;
  }
  p.shapes_ok = false;
  return p;
}

bool close(double x, double y, double rtol, double atol, bool equal_nan) {
  if (std::isnan(x) || std::isnan(y)) return equal_nan && std::isnan(x) && std::isnan(y);
  if (std::isinf(x) || std::isinf(y)) return x == y;
  return std::fabs(x - y) <= atol + rtol * std::fabs(y);
}

// NumPy's failure remarks for the elements where ok(x, y) is false.
template <typename Ok>
std::optional<std::string> mismatch_remarks(const array::Array& x0, const array::Array& y0, Ok ok) {
  Pair p = pair_for_compare(x0, y0, false);
  if (!p.shapes_ok)
    return "(shapes " + array::shape_str(x0.shape()) + ", " + array::shape_str(y0.shape()) + " mismatch)";
  const array::Array &x = p.x, &y = p.y;
  for (int64_t i = 0; i < x.size(); ++i)
    if (std::isnan(x.get_double(i)) != std::isnan(y.get_double(i))) return std::string("x and y nan location mismatch:");
  // x - y is computed in NumPy's result type (float32 actual vs float64
  // desired: float64), and so are the differences reported.
  DType et = array::promote_types_numpy(x.dtype(), false, y.dtype(), false).dtype;
  const bool single = array::is_float(et) && et != DType::Float64;
  int64_t bad = 0;
  double max_abs = 0, max_rel = 0;
  bool any_rel = false;
  for (int64_t i = 0; i < x.size(); ++i) {
    double xv = x.get_double(i), yv = y.get_double(i);
    if (ok(xv, yv)) continue;
    ++bad;
    double err = std::fabs(xv - yv);
    if (single) err = static_cast<float>(err);
    max_abs = std::max(max_abs, err);
    if (yv != 0) {
      double rel = err / std::fabs(yv);
      if (single) rel = static_cast<float>(static_cast<float>(err) / static_cast<float>(std::fabs(yv)));
      max_rel = any_rel ? std::max(max_rel, rel) : rel;
      any_rel = true;
    }
  }
  if (bad == 0) return std::nullopt;
  char pct[32];
  std::snprintf(pct, sizeof pct, "%.3g", 100.0 * static_cast<double>(bad) / static_cast<double>(x.size()));
  std::string r = "Mismatched elements: " + std::to_string(bad) + " / " + std::to_string(x.size()) + " (" + pct + "%)";
  if (et != DType::Bool) {
    r += "\nMax absolute difference among violations: " + a2s(et, max_abs);
    double rel = any_rel ? max_rel : INFINITY;
    r += "\nMax relative difference among violations: " + (array::is_float(et) ? a2s(et, rel) : f64(rel));
  }
  return r;
}

std::string failure_body(const std::string& err_msg, const std::string& remarks, const array::Array& x,
                         const array::Array& y) {
  return err_msg + "\n" + remarks + "\n ACTUAL: " + np_repr(x) + "\n DESIRED: " + np_repr(y);
}

Value assert_allclose(Interpreter& ip, const Args& a) {
  array::Array x = host_array(ip, a[0], a.where(), "testing.assert_allclose");
  array::Array y = host_array(ip, a[1], a.where(), "testing.assert_allclose");
  double rtol = a.float_at(2, 1e-07), atol = a.float_at(3, 0);
  bool equal_nan = truthy_at(ip, a, 4, true);
  auto r = mismatch_remarks(x, y, [&](double u, double v) { return close(u, v, rtol, atol, equal_nan); });
  if (r) raise(ErrorId::np_assert_allclose, a.where(), g(rtol), g(atol), failure_body(a.str_at(5, ""), *r, x, y));
  return Value::none();
}

Value assert_array_equal(Interpreter& ip, const Args& a) {
  array::Array x = host_array(ip, a[0], a.where(), "testing.assert_array_equal");
  array::Array y = host_array(ip, a[1], a.where(), "testing.assert_array_equal");
  auto r = mismatch_remarks(x, y, [](double u, double v) { return u == v || (std::isnan(u) && std::isnan(v)); });
  if (r) raise(ErrorId::np_assert_equal, a.where(), failure_body(a.str_at(2, ""), *r, x, y));
  return Value::none();
}

Value assert_array_almost_equal(Interpreter& ip, const Args& a) {
  array::Array x = host_array(ip, a[0], a.where(), "testing.assert_array_almost_equal");
  array::Array y = host_array(ip, a[1], a.where(), "testing.assert_array_almost_equal");
  int64_t decimal = a.int_at(2, 6);
  double tol = 1.5 * std::pow(10.0, -static_cast<double>(decimal));
  auto r = mismatch_remarks(x, y, [&](double u, double v) {
    return (std::isnan(u) && std::isnan(v)) || (std::isinf(u) && u == v) || std::fabs(u - v) < tol;
  });
  if (r) raise(ErrorId::np_assert_almost_equal, a.where(), decimal, failure_body(a.str_at(3, ""), *r, x, y));
  return Value::none();
}

Value assert_equal(Interpreter& ip, const Args& a) {
  const Value &x = a[0], &y = a[1];
  auto arrayish = [](const Value& v) { return v.is(ObjKind::Array) || v.is(ObjKind::List) || v.is(ObjKind::Tuple); };
  if (arrayish(x) || arrayish(y)) return assert_array_equal(ip, a);
  if (!py_equal(ip, x, y))
    raise(ErrorId::np_assert_items, a.where(),
          (a.str_at(2, "").empty() ? "" : a.str_at(2, "") + "\n") + " ACTUAL: " + ip.repr(x) + "\n DESIRED: " + ip.repr(y));
  return Value::none();
}

// np.isclose / np.allclose in double precision, with NumPy broadcasting.
array::Array isclose_host(Interpreter& ip, const Args& a, const char* fn) {
  Pair p = pair_for_compare(host_array(ip, a[0], a.where(), fn), host_array(ip, a[1], a.where(), fn), true);
  double rtol = a.float_at(2, 1e-05), atol = a.float_at(3, 1e-08);
  bool equal_nan = truthy_at(ip, a, 4, false);
  std::vector<bool> out;
  for (int64_t i = 0; i < p.x.size(); ++i)
    out.push_back(close(p.x.get_double(i), p.y.get_double(i), rtol, atol, equal_nan));
  return array::Array::from_bools(p.x.shape(), out);
}

// NumPy's own dtype objects: the 64-bit ones are real (jax.numpy's are
// the 32-bit types under x64-off names).
void add_numpy_types(ModuleObj& m) {
  using array::DType;
  for (DType d : {DType::Float64, DType::Float32, DType::Float16, DType::BFloat16, DType::Int8, DType::Int16,
                  DType::Int32, DType::Int64, DType::UInt8, DType::UInt16, DType::UInt32, DType::UInt64, DType::Bool})
    m.attrs[array::dtype_name(d)] = numpy_scalar_type_value(d);
  m.attrs["bool_"] = m.attrs["bool"];
  m.attrs["float_"] = m.attrs["double"] = m.attrs["float64"];
  m.attrs["single"] = m.attrs["float32"];
  m.attrs["half"] = m.attrs["float16"];
  m.attrs["int_"] = m.attrs["intp"] = m.attrs["long"] = m.attrs["int64"];
  m.attrs["uint"] = m.attrs["uintp"] = m.attrs["uint64"];
  m.attrs["intc"] = m.attrs["int32"];
  m.attrs["uintc"] = m.attrs["uint32"];
  m.attrs["byte"] = m.attrs["int8"];
  m.attrs["ubyte"] = m.attrs["uint8"];
  m.attrs["short"] = m.attrs["int16"];
  m.attrs["ushort"] = m.attrs["uint16"];
}

}  // namespace

}  // namespace rungs::jax

namespace rungs::jax {

void register_module_numpy() {
  Interpreter::register_module("numpy", [](Interpreter& ip) {
    auto m = new_module("numpy");
    Value jnp = ip.import_module("jax.numpy", {});
    for (const auto& [name, v] : jnp.as<ModuleObj>().attrs) {
      bool function = (v.is(ObjKind::Builtin) && v.as<BuiltinObj>().type_tag.empty()) || v.is(ObjKind::Function);
      m->attrs[name] = function ? numpy_function(v, name) : v;
    }
    add_numpy_types(*m);
    // NumPy's ufuncs write into out= arrays.
    for (const char* u : {"add", "subtract", "multiply", "divide", "true_divide", "floor_divide", "power", "remainder",
                          "mod", "maximum", "minimum", "negative", "abs", "absolute", "exp", "log", "sqrt", "square",
                          "sin", "cos", "tanh", "clip", "matmul", "dot", "fmax", "fmin"})
      if (m->attrs.count(u)) m->attrs[u] = numpy_with_out(u, m->attrs[u]);
    // np.ndarray: NumPy's array type (a JAX array is not one).
    m->attrs["ndarray"] = Value::object(std::make_shared<BuiltinObj>(
        "numpy.ndarray", [](Interpreter&, CallArgs& c) -> Value { raise(ErrorId::not_callable, c.where, "type"); },
        "numpy.ndarray"));
    def(*m, "asarray", [](Interpreter& ip, CallArgs& c) { return numpy_asarray(ip, c, false); });
    def(*m, "array", [](Interpreter& ip, CallArgs& c) { return numpy_asarray(ip, c, true); });
    add_numpy_view_functions(*m);
    add_numpy_extras(*m);  // after np.array, which np.copy calls
    reset_numpy_print_options();
    std::vector<std::string> close_sig{"a", "b", "rtol", "atol", "equal_nan"};
    defn(*m, "isclose", close_sig, 2, [](Interpreter& ip, const Args& a) { return make_array(isclose_host(ip, a, "isclose")); });
    defn(*m, "allclose", close_sig, 2, [](Interpreter& ip, const Args& a) {
      array::Array c = isclose_host(ip, a, "allclose");
      for (int64_t i = 0; i < c.size(); ++i)
        if (!c.get_bool(i)) return Value::boolean(false);
      return Value::boolean(true);
    });
    defn(*m, "array_equal", {"a1", "a2", "equal_nan"}, 2, [](Interpreter& ip, const Args& a) {
      array::Array x = host_array(ip, a[0], a.where(), "array_equal"), y = host_array(ip, a[1], a.where(), "array_equal");
      if (x.shape() != y.shape()) return Value::boolean(false);
      bool equal_nan = truthy_at(ip, a, 2, false);
      for (int64_t i = 0; i < x.size(); ++i) {
        double u = x.get_double(i), v = y.get_double(i);
        if (!(u == v || (equal_nan && std::isnan(u) && std::isnan(v)))) return Value::boolean(false);
      }
      return Value::boolean(true);
    });
    auto testing = new_module("numpy.testing");
    defn(*testing, "assert_allclose", {"actual", "desired", "rtol", "atol", "equal_nan", "err_msg", "verbose", "*", "strict"},
         2, assert_allclose);
    defn(*testing, "assert_array_equal", {"actual", "desired", "err_msg", "verbose", "*", "strict"}, 2, assert_array_equal);
    defn(*testing, "assert_array_almost_equal", {"actual", "desired", "decimal", "err_msg", "verbose"}, 2,
         assert_array_almost_equal);
    defn(*testing, "assert_equal", {"actual", "desired", "err_msg", "verbose", "*", "strict"}, 2, assert_equal);
    m->attrs["testing"] = Value::object(testing);
    return Value::object(m);
  });
  // `import numpy.testing` / `from numpy.testing import assert_allclose`.
  Interpreter::register_module("numpy.testing", [](Interpreter& ip) {
    return ip.import_module("numpy", {}).as<ModuleObj>().attrs.at("testing");
  });
}

}  // namespace rungs::jax
