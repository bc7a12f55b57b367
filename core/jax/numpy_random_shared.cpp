// Argument readers and result builders shared by numpy.random's RandomState
// and Generator (see numpy_random_shared.h for the return-value rules).
#include "core/jax/numpy_random_shared.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>

#include "core/array/memory_budget.h"
#include "core/array/ops.h"
#include "core/jax/numpy_bitgen_pcg64.h"
#include "core/jax/numpy_distributions.h"
#include "core/python/value_ops.h"

namespace rungs::jax::nprandom {

namespace {

void check_dims(const Shape& shape, SourceRange where) {
  for (int64_t d : shape)
    if (d < 0) raise(ErrorId::np_random_negative_dims, where);
  check_room(array::num_elements(shape), shape);
}

bool one_of(const std::string& s, std::initializer_list<const char*> names) {
  for (const char* n : names)
    if (s == n) return true;
  return false;
}

// Is v one of jax.numpy's type objects with these names (np.float64 is a
// distinct object even though it names the engine's float32)?
bool is_jnp_type(Interpreter& ip, const Value& v, std::initializer_list<const char*> names) {
  const ModuleObj& jnp = ip.import_module("jax.numpy", {}).as<ModuleObj>();
  for (const char* n : names) {
    auto it = jnp.attrs.find(n);
    if (it != jnp.attrs.end() && v.identical(it->second)) return true;
  }
  return false;
}

}  // namespace

void check_room(int64_t elements, const Shape& shape) {
  // The draws are held as 8-byte values before the array is made.
  const int64_t bytes = elements > INT64_MAX / 8 ? INT64_MAX : elements * 8;
  array::release_memory(bytes, array::charge_memory(bytes, elements, array::shape_str(shape).c_str()));
}

Size size_at(Interpreter& ip, const Args& a, size_t i) {
  Size s;
  if (!a.has(i) || a[i].is_none()) return s;
  s.scalar = false;
  s.shape = shape_value(ip, a[i], a.where());
  check_dims(s.shape, a.where());
  return s;
}

Size size_from_dims(const Values& dims, SourceRange where) {
  Size s;
  if (dims.empty()) return s;
  s.scalar = false;
  for (const Value& d : dims) s.shape.push_back(to_index(d, where));
  check_dims(s.shape, where);
  return s;
}

bool float32_requested(Interpreter& ip, const Args& a, size_t i, const char* method) {
  if (!a.has(i) || a[i].is_none()) return false;
  const Value& v = a[i];
  if (v.is(ObjKind::Str)) {
    const std::string& s = v.as<StrObj>().s;
    if (one_of(s, {"float32", "f4", "f", "single"})) return true;
    if (one_of(s, {"float64", "f8", "d", "double", "float", "float_"})) return false;
  }
  if (v.is(ObjKind::Builtin) && v.as<BuiltinObj>().type_tag == "float") return false;
  if (is_jnp_type(ip, v, {"float64", "float_", "double"})) return false;
  array::NumpyMode numpy;  // np.float64 names float64 here
  DType d = dtype_value_or_raise(ip, v, a.where());
  if (d == DType::Float64) return false;
  if (d != DType::Float32) raise(ErrorId::np_random_float_dtype, a.where(), array::dtype_name(d), method);
  return true;
}

Value float_result(const Size& size, const std::vector<double>& values) {
  if (size.scalar) return Value::floating(values[0]);
  return make_numpy_array(array::Array::from_doubles(DType::Float64, size.shape, values));
}

Value float32_result(const Size& size, const std::vector<float>& values) {
  // NumPy returns a Python float for size=None here too (the float32 widened).
  if (size.scalar) return Value::floating(values[0]);
  std::vector<double> wide(values.begin(), values.end());
  return make_numpy_array(array::Array::from_doubles(DType::Float32, size.shape, wide));
}

Value int_result(const Size& size, const std::vector<int64_t>& values, DType dtype, SourceRange where) {
  const int64_t lo = array::int_min(dtype), hi = array::int_max(dtype);
  for (int64_t v : values)
    if (v < lo || v > hi) raise(ErrorId::np_random_value_too_wide, where, v, array::dtype_name(dtype));
  if (dtype == DType::Bool) {
    if (size.scalar) return Value::boolean(values[0] != 0);
    return make_numpy_array(array::Array::from_bools(size.shape, std::vector<bool>(values.begin(), values.end())));
  }
  if (size.scalar) return Value::integer(values[0]);
  return make_numpy_array(array::Array::from_ints(dtype, size.shape, values));
}

IntDtype int_dtype_at(Interpreter& ip, const Args& a, size_t i, std::string_view method) {
  IntDtype t;  // int64, NumPy's default for randint and integers
  if (!a.has(i) || a[i].is_none()) return t;
  const Value& v = a[i];
  auto named = [&](std::initializer_list<const char*> names, std::initializer_list<const char*> jnp_names) {
    if (v.is(ObjKind::Str)) return one_of(v.as<StrObj>().s, names);
    return is_jnp_type(ip, v, jnp_names);
  };
  if ((v.is(ObjKind::Builtin) && v.as<BuiltinObj>().type_tag == "int") || named({"int64", "i8", "l", "int"}, {"int64", "int_"}))
    return t;
  if (named({"uint64", "u8", "uint"}, {"uint64", "uint"})) return {DType::UInt64, "uint64", 0, INT64_MAX, 64};
  if (v.is(ObjKind::Builtin) && v.as<BuiltinObj>().type_tag == "bool") return {DType::Bool, "bool", 0, 1, 1};
  array::NumpyMode numpy;  // np.int64 names int64 here
  DType d = dtype_value_or_raise(ip, v, a.where());
  if (d == DType::Int64) return t;
  if (d == DType::UInt64) return {DType::UInt64, "uint64", 0, INT64_MAX, 64};
  auto same = [d](int bits) { return IntDtype{d, array::dtype_name(d), array::int_min(d), array::int_max(d), bits}; };
  switch (d) {
    case DType::Int32: case DType::UInt32: return same(32);
    case DType::Int16: case DType::UInt16: return same(16);
    case DType::Int8: case DType::UInt8: return same(8);
    case DType::Bool: return same(1);
    default: raise(ErrorId::np_random_int_dtype, a.where(), array::dtype_name(d), std::string(method));
  }
}

Population population_at(Interpreter& ip, const Value& v, SourceRange where) {
  Population pop;
  if (is_int_like(v)) {
    pop.is_int = true;
    pop.size = v.as_int();
    return pop;
  }
  NumpyScope lenient;
  array::NumpyMode numpy;  // a list population is float64/int64, as NumPy reads it
  Operand op = to_op(ip, v, where);
  if (op.traced()) raise(ErrorId::jnp_host_only, where, "numpy.random");
  if (op.value.rank() == 0 && array::is_integer(op.value.dtype())) {
    pop.is_int = true;
    pop.size = op.value.get_int(0);
    return pop;
  }
  pop.values = op.value;
  pop.size = pop.values.rank() ? pop.values.shape()[0] : 0;
  return pop;
}

Value take(const Population& pop, const std::vector<int64_t>& idx, const Size& size, SourceRange where) {
  if (pop.is_int) return int_result(size, idx, DType::Int64, where);
  Shape idx_shape = size.scalar ? Shape{} : size.shape;
  array::IndexSpec spec;
  spec.items.push_back(array::IndexItem::int_array(array::Array::from_ints(DType::Int32, idx_shape, idx)));
  return make_numpy_array(array::index(pop.values, spec));
}

namespace {

// p as doubles and its own precision: a Python list keeps float64, an
// engine array is float32 (NumPy then allows sqrt(float32 eps) of slack).
struct Probabilities {
  std::vector<double> values;
  int64_t rank = 1;
  bool single_precision = false;
};

Probabilities read_probabilities(Interpreter& ip, const Value& p, SourceRange where) {
  Probabilities out;
  if (p.is(ObjKind::List) || p.is(ObjKind::Tuple)) {
    Values items = ip.iterate(p);
    if (std::all_of(items.begin(), items.end(), [](const Value& v) { return v.is_number(); })) {
      for (const Value& v : items) out.values.push_back(v.as_float());
      return out;
    }
  }
  NumpyScope lenient;
  array::Array arr = to_op(ip, p, where).value;
  out.rank = arr.rank();
  out.single_precision = array::is_float(arr.dtype()) && arr.dtype() != DType::Float64;
  for (int64_t i = 0; i < arr.size(); ++i) out.values.push_back(arr.get_double(i));
  return out;
}

// Kahan's compensated sum, as NumPy checks p with.
double compensated_sum(const std::vector<double>& v) {
  if (v.empty()) return 0.0;
  double sum = v[0], c = 0.0;
  for (size_t i = 1; i < v.size(); ++i) {
    double y = v[i] - c, t = sum + y;
    c = (t - sum) - y;
    sum = t;
  }
  return sum;
}

}  // namespace

std::vector<double> probabilities_at(Interpreter& ip, const Value& p, int64_t pop_size, bool legacy, SourceRange where) {
  Probabilities pr = read_probabilities(ip, p, where);
  if (pr.rank != 1) raise(legacy ? ErrorId::np_random_p_ndim_legacy : ErrorId::np_random_p_ndim, where);
  if (static_cast<int64_t>(pr.values.size()) != pop_size)
    raise(legacy ? ErrorId::np_random_p_size_legacy : ErrorId::np_random_p_size, where);
  double atol = std::sqrt(std::numeric_limits<double>::epsilon());
  if (pr.single_precision) atol = std::max(atol, std::sqrt(static_cast<double>(std::numeric_limits<float>::epsilon())));
  double sum = compensated_sum(pr.values);
  if (std::isnan(sum)) raise(ErrorId::np_random_p_nan, where);
  for (double v : pr.values)
    if (v < 0) raise(ErrorId::np_random_p_negative, where);
  if (std::fabs(sum - 1.0) > atol) raise(ErrorId::np_random_p_sum, where);
  return pr.values;
}

std::vector<int64_t> inverse_cdf(const std::vector<double>& p, const std::vector<double>& uniforms) {
  std::vector<double> cdf(p.size());
  double run = 0.0;
  for (size_t i = 0; i < p.size(); ++i) cdf[i] = run += p[i];
  const double total = cdf.back();
  for (double& c : cdf) c /= total;
  std::vector<int64_t> out;
  out.reserve(uniforms.size());
  for (double u : uniforms) out.push_back(std::upper_bound(cdf.begin(), cdf.end(), u) - cdf.begin());
  return out;
}

std::vector<int64_t> weighted_sample_without_replacement(std::vector<double> p, int64_t count,
                                                         const std::function<std::vector<double>(int64_t)>& uniforms) {
  std::vector<int64_t> found;
  while (static_cast<int64_t>(found.size()) < count) {
    std::vector<double> u = uniforms(count - static_cast<int64_t>(found.size()));
    for (int64_t f : found) p[static_cast<size_t>(f)] = 0.0;
    // Each round keeps the first occurrence of every new index, in order.
    std::set<int64_t> seen;
    for (int64_t idx : inverse_cdf(p, u))
      if (seen.insert(idx).second) found.push_back(idx);
  }
  return found;
}

void shuffle_list(ListObj& list, const std::function<uint64_t(uint64_t)>& draw) {
  Values& items = list.items;
  for (size_t i = items.size() > 1 ? items.size() - 1 : 0; i >= 1; --i) std::swap(items[i], items[draw(i)]);
}

ListObj& shuffle_target(const Value& x, const char* owner, SourceRange where) {
  if (x.is(ObjKind::List)) return x.as<ListObj>();
  if (x.is(ObjKind::Array)) raise(ErrorId::np_random_shuffle_array, where, owner, owner);
  if (x.is(ObjKind::Tuple) || x.is(ObjKind::Str)) raise(ErrorId::no_item_assignment, where, type_name(x));
  raise(ErrorId::len_unsized, where, type_name(x));
}

std::vector<uint32_t> seed_words(Interpreter& ip, const Value& seed, SourceRange where) {
  if (is_int_like(seed)) {
    if (seed.as_int() < 0) raise(ErrorId::np_random_seed_negative, where);
    return SeedSequence::words_of(static_cast<uint64_t>(seed.as_int()));
  }
  if (seed.is(ObjKind::List) || seed.is(ObjKind::Tuple) || seed.is(ObjKind::Array)) {
    std::vector<uint32_t> words;
    for (const Value& v : ip.iterate(seed)) {
      Value item = v.is(ObjKind::Array) ? array_to_python_scalar(ip, v, "int", where) : v;
      std::vector<uint32_t> w = seed_words(ip, item, where);
      words.insert(words.end(), w.begin(), w.end());
    }
    return words;
  }
  raise(ErrorId::np_random_seed_type, where, ip.repr(seed));
}

}  // namespace rungs::jax::nprandom

namespace rungs::jax::nprandom {

namespace {
int64_t int_bound(Interpreter& ip, const Value& v, SourceRange where) {
  if (v.is(ObjKind::Array)) return array_to_python_scalar(ip, v, "int", where).as_int();
  return to_index(v, where);
}
}  // namespace

void mark_as_type(ModuleObj& m, const std::string& name) { m.attrs.at(name).as<BuiltinObj>().type_tag = name; }

IntBounds int_bounds(Interpreter& ip, const Args& a, size_t low_i, size_t high_i, const IntDtype& dtype, bool endpoint) {
  int64_t low = 0, high;
  if (!a.has(high_i) || a[high_i].is_none()) {
    high = int_bound(ip, a[low_i], a.where());
  } else {
    low = int_bound(ip, a[low_i], a.where());
    high = int_bound(ip, a[high_i], a.where());
  }
  // The samplers work on the closed interval [low, high].
  if (!endpoint) {
    if (high == INT64_MIN) raise(ErrorId::np_random_bound_out_of_range, a.where(), "high", dtype.numpy_name);
    --high;
  }
  if (low < dtype.min) raise(ErrorId::np_random_bound_out_of_range, a.where(), "low", dtype.numpy_name);
  if (high > dtype.max) raise(ErrorId::np_random_bound_out_of_range, a.where(), "high", dtype.numpy_name);
  if (low > high) {
    if (low == 0) raise(endpoint ? ErrorId::np_random_high_lt_zero : ErrorId::np_random_high_le_zero, a.where());
    raise(endpoint ? ErrorId::np_random_low_gt_high : ErrorId::np_random_low_ge_high, a.where());
  }
  return {low, static_cast<uint64_t>(high) - static_cast<uint64_t>(low)};
}

Value binomial_draws(Interpreter& ip, BitGenerator& g, const Args& a) {
  // NumPy casts n to int64 (a float n is truncated) and checks both before drawing.
  const double n_value = number_value(ip, a[0], a.fn_name().c_str(), a.where());
  const double p = number_value(ip, a[1], a.fn_name().c_str(), a.where());
  // NumPy's texts (as a user exception would carry them: no registry id of their own).
  if (n_value < 0) throw EngineError(ErrorId::user_exception, "ValueError", "n < 0", a.where());
  if (!(p >= 0 && p <= 1))
    throw EngineError(ErrorId::user_exception, "ValueError", "p < 0, p > 1 or p is NaN", a.where());
  const auto n = static_cast<int64_t>(n_value);
  Size size = size_at(ip, a, 2);
  std::vector<int64_t> out(static_cast<size_t>(size.count()));
  for (int64_t& v : out) v = random_binomial(g, n, p);
  return int_result(size, out, DType::Int64, a.where());
}

}  // namespace rungs::jax::nprandom
