// numpy, as kernel programs use it: building reference inputs and checking
// results (np.testing.assert_allclose & co).
//
// Every jax.numpy function is re-exported under numpy with NumPy's
// leniency (Python lists are accepted where jnp requires arrays). The
// comparisons programs use for checks (allclose, isclose, array_equal,
// np.testing.*) are computed in double precision on host arrays, as NumPy
// computes them, and return Python bools where NumPy does.
// Arrays numpy functions return are NumPy ndarrays in one respect: item
// assignment updates them in place (`z[i:j] += v`, as JAX's TPU matmul guide
// does). Results of operators and methods on them are jax arrays.
// Deliberate difference: a NumPy array here is the engine's 32-bit array
// (JAX with x64 disabled), so np.arange(8) is int32 rather than int64 and
// np.float64 / np.int64 name float32 / int32. Values that fit in 32 bits
// print the same; the dtype shown in reprs and errors says int32/float32.
// The np.testing failure messages follow NumPy 2's layout ("Mismatched
// elements: ...", "Max absolute difference among violations: ...",
// " ACTUAL: array(...)"), approximately.
#include <cmath>
#include <cstdio>

#include "core/array/format.h"
#include "core/array/ops.h"
#include "core/ir/host_precision.h"
#include "core/jax/module_jnp_parts.h"
#include "core/python/operators.h"
#include "core/python/value_ops.h"

namespace rungs::jax {

namespace {

// A host array a numpy function returned becomes a NumPy ndarray (mutable).
Value as_numpy(Value v) {
  if (v.is(ObjKind::Array) && !v.as<ArrayObj>().traced()) {
    Value fresh = make_array(v.as<ArrayObj>().op);  // never flag an array someone else holds
    fresh.as<ArrayObj>().numpy = true;
    return fresh;
  }
  return v;
}

array::Array host_array(Interpreter& ip, const Value& v, SourceRange where, const char* fn) {
  NumpyScope lenient;
  Operand op = to_operand(ip, v, where);
  if (op.traced()) raise(ErrorId::jnp_host_only, where, std::string("numpy.") + fn);
  return op.value;
}

// NumPy's repr of the same values: "array([1., 2.], dtype=float32)".
std::string np_repr(const array::Array& a) {
  std::string r = array::array_repr(a.with_weak_type(false));
  if (r.rfind("Array(", 0) == 0) r[0] = 'a';
  const std::string bool_tail = ", dtype=bool)";
  if (r.size() > bool_tail.size() && r.compare(r.size() - bool_tail.size(), bool_tail.size(), bool_tail) == 0)
    r = r.substr(0, r.size() - bool_tail.size()) + ")";
  return r;
}

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
  DType et = array::promote_types(x.dtype(), y.dtype());
  int64_t bad = 0;
  double max_abs = 0, max_rel = 0;
  bool any_rel = false;
  for (int64_t i = 0; i < x.size(); ++i) {
    double xv = x.get_double(i), yv = y.get_double(i);
    if (ok(xv, yv)) continue;
    ++bad;
    double err = std::fabs(xv - yv);
    if (et == DType::Float32) err = static_cast<float>(err);
    max_abs = std::max(max_abs, err);
    if (yv != 0) {
      double rel = err / std::fabs(yv);
      if (array::is_float(et)) rel = static_cast<float>(static_cast<float>(err) / static_cast<float>(std::fabs(yv)));
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

// Re-export a jnp builtin with NumPy's leniency.
Value numpy_version(const Value& jnp_fn, const std::string& name) {
  BuiltinFn inner = jnp_fn.as<BuiltinObj>().fn;
  return make_builtin("numpy." + name, [inner](Interpreter& ip, CallArgs& c) {
    NumpyScope lenient;
    ir::CpuHostScope on_the_cpu;
    return as_numpy(inner(ip, c));
  });
}

}  // namespace

}  // namespace rungs::jax

namespace rungs::jax {

void register_module_numpy() {
  Interpreter::register_module("numpy", [](Interpreter& ip) {
    auto m = new_module("numpy");
    Value jnp = ip.import_module("jax.numpy", {});
    for (const auto& [name, v] : jnp.as<ModuleObj>().attrs)
      m->attrs[name] = v.is(ObjKind::Builtin) && v.as<BuiltinObj>().type_tag.empty() ? numpy_version(v, name) : v;
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
