// jax.random on the host, bit for bit (core/array/random.h implements
// threefry and JAX's samplers).
//
// Keys: both jax.random.key(seed) and jax.random.PRNGKey(seed) return the
// raw uint32[2] key data [0, seed mod 2^32]. Deliberate difference: JAX's
// key() returns a typed key array of shape () and dtype key<fry> (printed
// as "Array((), dtype=key<fry>) overlaying: [0 42]"); here it is the same
// uint32[2] array PRNGKey gives, so split/fold_in/samplers accept either
// and key_data/wrap_key_data are identities. Sampling inside a traced
// function (a kernel body) is refused with a clear NotImplementedError:
// kernels draw from pltpu.prng_* instead, and tests pass random inputs in.
#include "core/array/random.h"

#include "core/array/ops.h"
#include "core/jax/module_jnp_parts.h"
#include "core/python/value_ops.h"

namespace rungs::jax {

namespace {

void host_only(const Args& a) {
  if (ir::current_trace()) raise(ErrorId::random_in_trace, a.where(), a.fn_name());
}

array::Key key_at(Interpreter& ip, const Args& a, size_t i) {
  host_only(a);
  Operand k = to_op(ip, a[i], a.where());
  if (k.traced()) raise(ErrorId::random_in_trace, a.where(), a.fn_name());
  if (k.aval.dtype != DType::UInt32) raise(ErrorId::random_key_dtype, a.where(), array::dtype_name(k.aval.dtype));
  if (k.aval.shape != Shape{2}) raise(ErrorId::random_key_shape, a.where(), array::shape_str(k.aval.shape));
  return {static_cast<uint32_t>(k.value.get_int(0)), static_cast<uint32_t>(k.value.get_int(1))};
}

Value key_value(array::Key k) {
  return make_array(array::Array::from_ints(DType::UInt32, {2}, {static_cast<int64_t>(k.k0), static_cast<int64_t>(k.k1)}));
}

Shape shape_at(Interpreter& ip, const Args& a, size_t i) {
  if (!a.has(i) || a[i].is_none()) return {};
  return shape_value(ip, a[i], a.where());
}

int64_t int_arg(Interpreter& ip, const Args& a, size_t i) {
  const Value& v = a[i];
  if (v.is(ObjKind::Array)) return array_to_python_scalar(ip, v, "int", a.where()).as_int();
  return to_index(v, a.where());
}

Value seed_key(Interpreter& ip, const Args& a) {
  host_only(a);
  return key_value(array::key_from_seed(int_arg(ip, a, 0)));
}

Value split(Interpreter& ip, const Args& a) {
  array::Key k = key_at(ip, a, 0);
  Shape shape = a.has(1) ? shape_value(ip, a[1], a.where()) : Shape{2};
  int64_t n = array::num_elements(shape);
  std::vector<array::Key> keys = array::split(k, n);
  std::vector<int64_t> data;
  for (const array::Key& s : keys) data.insert(data.end(), {static_cast<int64_t>(s.k0), static_cast<int64_t>(s.k1)});
  shape.push_back(2);
  return make_array(array::Array::from_ints(DType::UInt32, shape, data));
}

Value choice(Interpreter& ip, const Args& a) {
  array::Key k = key_at(ip, a, 0);
  if (a.has(4) && !a[4].is_none()) raise(ErrorId::unsupported_feature, a.where(), "jax.random.choice with p=");
  Shape shape = shape_at(ip, a, 2);
  bool replace = truthy_at(ip, a, 3, true);
  const Value& pool = a[1];
  bool scalar_pool = is_int_like(pool);
  array::Array arr = scalar_pool ? array::Array() : to_op(ip, pool, a.where()).value;
  int64_t n = scalar_pool ? pool.as_int() : (arr.rank() ? arr.shape()[0] : 0);
  int64_t draws = array::num_elements(shape);
  array::Array idx;
  if (replace) {
    idx = array::randint(k, shape, 0, n);
  } else {
    if (draws > n) raise(ErrorId::random_choice_too_large, a.where());
    array::Array perm = scalar_pool ? array::permutation(k, n) : array::permutation(k, arr);
    if (!scalar_pool) {
      Shape out = shape;
      out.insert(out.end(), arr.shape().begin() + 1, arr.shape().end());
      std::vector<int64_t> lo(static_cast<size_t>(arr.rank()), 0), hi = arr.shape();
      hi[0] = draws;
      return make_array(array::reshape(array::slice(perm, lo, hi), out));
    }
    idx = array::reshape(array::slice(perm, {0}, {draws}), shape);
  }
  if (scalar_pool) return make_array(idx);
  array::IndexSpec spec;
  spec.items.push_back(array::IndexItem::int_array(idx));
  return make_array(array::index(arr, spec));
}

}  // namespace

}  // namespace rungs::jax

namespace rungs::jax {

void register_module_random() {
  Interpreter::register_module("jax.random", [](Interpreter&) {
    auto m = new_module("jax.random");
    defn(*m, "key", {"seed", "*", "impl"}, 1, seed_key);
    defn(*m, "PRNGKey", {"seed", "*", "impl"}, 1, seed_key);
    defn(*m, "split", {"key", "num"}, 1, split);
    defn(*m, "fold_in", {"key", "data"}, 2, [](Interpreter& ip, const Args& a) {
      array::Key k = key_at(ip, a, 0);
      return key_value(array::fold_in(k, static_cast<uint32_t>(int_arg(ip, a, 1))));
    });
    for (const char* name : {"key_data", "wrap_key_data"})
      defn(*m, name, {"keys", "*", "impl"}, 1, [](Interpreter& ip, const Args& a) {
        key_at(ip, a, 0);
        return a[0];
      });
    defn(*m, "bits", {"key", "shape", "dtype"}, 1, [](Interpreter& ip, const Args& a) {
      array::Key k = key_at(ip, a, 0);
      std::optional<DType> dt = dtype_at(ip, a, 2);
      return make_array(array::random_bits(k, array::bit_width(dt.value_or(DType::UInt32)), shape_at(ip, a, 1)));
    });
    defn(*m, "uniform", {"key", "shape", "dtype", "minval", "maxval"}, 1, [](Interpreter& ip, const Args& a) {
      array::Key k = key_at(ip, a, 0);
      std::optional<DType> dt = dtype_at(ip, a, 2);
      double lo = a.has(3) ? number_value(ip, a[3], "uniform", a.where()) : 0.0;
      double hi = a.has(4) ? number_value(ip, a[4], "uniform", a.where()) : 1.0;
      return make_array(array::uniform(k, shape_at(ip, a, 1), dt.value_or(DType::Float32), lo, hi));
    });
    defn(*m, "normal", {"key", "shape", "dtype"}, 1, [](Interpreter& ip, const Args& a) {
      array::Key k = key_at(ip, a, 0);
      std::optional<DType> dt = dtype_at(ip, a, 2);
      return make_array(array::normal(k, shape_at(ip, a, 1), dt.value_or(DType::Float32)));
    });
    defn(*m, "randint", {"key", "shape", "minval", "maxval", "dtype"}, 4, [](Interpreter& ip, const Args& a) {
      array::Key k = key_at(ip, a, 0);
      std::optional<DType> dt = dtype_at(ip, a, 4);
      return make_array(array::randint(k, shape_at(ip, a, 1), int_arg(ip, a, 2), int_arg(ip, a, 3),
                                       dt.value_or(DType::Int32)));
    });
    defn(*m, "bernoulli", {"key", "p", "shape"}, 1, [](Interpreter& ip, const Args& a) {
      array::Key k = key_at(ip, a, 0);
      double p = a.has(1) ? number_value(ip, a[1], "bernoulli", a.where()) : 0.5;
      return make_array(array::bernoulli(k, p, shape_at(ip, a, 2)));
    });
    defn(*m, "permutation", {"key", "x", "axis", "independent"}, 2, [](Interpreter& ip, const Args& a) {
      array::Key k = key_at(ip, a, 0);
      if (is_int_like(a[1])) return make_array(array::permutation(k, a[1].as_int()));
      Operand x = to_op(ip, a[1], a.where());
      if (x.aval.shape.empty()) raise(ErrorId::random_permutation_arg, a.where());
      if (a.int_at(2, 0) != 0) raise(ErrorId::unsupported_feature, a.where(), "jax.random.permutation with axis != 0");
      return make_array(array::permutation(k, x.value));
    });
    defn(*m, "choice", {"key", "a", "shape", "replace", "p", "axis"}, 2, choice);
    return Value::object(m);
  });
}

}  // namespace rungs::jax
