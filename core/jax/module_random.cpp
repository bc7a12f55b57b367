// jax.random on the host, bit for bit (core/array/random.h implements
// threefry and JAX's samplers).
//
// Keys: both jax.random.key(seed) and jax.random.PRNGKey(seed) return the
// raw uint32[2] key data [0, seed mod 2^32]. Deliberate difference: JAX's
// key() returns a typed key array of shape () and dtype key<fry> (printed
// as "Array((), dtype=key<fry>) overlaying: [0 42]"); here it is the same
// uint32[2] array PRNGKey gives, so split/fold_in/samplers accept either
// and key_data/wrap_key_data are identities. Inside a traced function (a
// kernel body, or under vmap) every sampler works on traced keys: key,
// split, fold_in, bits, uniform, normal and bernoulli bind random_bits
// (threefry, computed by every rung as on the host, so a kernel's draws
// equal the host's) and JAX's float transform as primitives (split and
// fold_in bind threefry2x32), as JAX's threefry lowering does on a TPU;
// randint, permutation and choice run their Python forms
// (random_python_source.cpp) over those. Pallas keys (uint32[1, 2], see
// below) draw from the TPU's hardware generator.
#include "core/array/random.h"

#include <cmath>

#include "core/array/ops.h"
#include "core/ir/ad_ops.h"
#include "core/jax/module_jnp_parts.h"
#include "core/jax/random_python_source.h"
#include "core/python/value_ops.h"

namespace rungs::jax {

namespace {

// _check_prng_key: key data of several keys (shape (..., n, 2)) is a key
// array the samplers refuse (vmap over it instead).
void check_single_key(const Args& a, const Operand& k) {
  if (k.aval.dtype != DType::UInt32) raise(ErrorId::random_key_dtype, a.where(), array::dtype_name(k.aval.dtype));
  const Shape& s = k.aval.shape;
  if (s.size() > 1 && s.back() == 2 && s != Shape{1, 2})
    raise(ErrorId::random_batched_key, a.where(), a.fn_name(), array::shape_str(s));
  if (s != Shape{2} && s != Shape{1, 2}) raise(ErrorId::random_key_shape, a.where(), array::shape_str(s));
}

array::Key key_at(Interpreter& ip, const Args& a, size_t i) {
  Operand k = to_op(ip, a[i], a.where());
  check_single_key(a, k);
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
    if (draws > n) raise(ErrorId::random_choice_too_large, a.where(), draws, n);
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

// --- Inside a trace: samplers over a traced key ---------------------------

bool in_trace(Interpreter& ip, const Args& a, size_t i) {
  return ir::current_trace() || (a.has(i) && a[i].is(ObjKind::Array) && to_op(ip, a[i], a.where()).traced());
}

bool is_pallas_key(const Operand& k) { return k.aval.dtype == DType::UInt32 && k.aval.shape == Shape{1, 2}; }

Operand traced_key(Interpreter& ip, const Args& a, size_t i) {
  Operand k = to_op(ip, a[i], a.where());
  check_single_key(a, k);
  return k;
}

Operand u32(int64_t v) { return Operand::concrete(array::Array::from_ints(DType::UInt32, {}, {v})); }

Operand traced_bits(const Operand& key, int width, const Shape& shape) {
  ir::Params p;
  p.shape = shape;
  p.n = width;
  p.dtype = width == 8 ? DType::UInt8 : width == 16 ? DType::UInt16 : DType::UInt32;
  return ir::bind1(Prim::RandomBits, {key}, p);
}

// jax.random.uniform's float32 transform (jax/_src/random.py _uniform):
// 23 random mantissa bits under the exponent of 1.0, minus 1, scaled.
Operand uniform_from_bits(const Args& a, const Operand& bits, DType dtype, double lo, double hi) {
  if (dtype != DType::Float32) raise(ErrorId::random_in_trace, a.where(), a.fn_name(), array::dtype_name(dtype));
  Shape shape = bits.aval.shape;
  Operand mant = ir::ad::binary(Prim::Or, ir::ad::binary(Prim::ShiftRightLogical, bits, u32(9)), u32(0x3F800000));
  ir::Params bc;
  bc.dtype = DType::Float32;
  Operand f = ir::ad::plus(ir::bind1(Prim::BitcastConvertType, {mant}, bc), -1.0);
  Operand lo_op = ir::ad::scalar(DType::Float32, static_cast<float>(lo));
  Operand span = ir::ad::scalar(DType::Float32, static_cast<float>(static_cast<float>(hi) - static_cast<float>(lo)));
  Operand v = ir::ad::add(ir::ad::mul(f, span), lo_op);
  return ir::ad::binary(Prim::Max, ir::ad::broadcast_to(lo_op, shape), v);
}

// --- Pallas keys (pltpu.to_pallas_key, impl="pallas_tpu") -----------------
// Represented by their key data, uint32 of shape (1, 2) (JAX's key_shape
// for the pallas_tpu impl); a legacy key batch of one has the same shape
// and is read as a Pallas key. Sampling seeds the TPU's hardware generator
// with both words and draws from it (random.py's _random_bits), so each
// rung gives what its prng_random_bits gives; outside a kernel no platform
// has a rule for prng_seed.

Operand key_word(const Operand& key, int64_t i) {
  return ir::ad::reshape(ir::ad::slice(key, {0, i}, {1, i + 1}), {});
}

Operand pallas_bits(Interpreter& ip, const Args& a, const Operand& key, int width, const Shape& shape) {
  if (width != 32) raise(ErrorId::random_pallas_bit_width, a.where());
  // On the host the call lowers for the platform the rung models.
  if (!ir::current_trace()) raise(ErrorId::mlir_translation_rule_missing, a.where(), "prng_seed", current_device(ip).platform);
  ir::Params bc;
  bc.dtype = DType::Int32;
  std::vector<Operand> seeds{ir::bind1(Prim::BitcastConvertType, {key_word(key, 0)}, bc),
                             ir::bind1(Prim::BitcastConvertType, {key_word(key, 1)}, bc)};
  ir::set_current_source(a.where());
  ir::record(Prim::PrngSeed, seeds, {}, {});
  ir::Params p;
  p.shape = shape;
  Operand bits = ir::record(Prim::PrngRandomBits, {}, p, {ir::AVal::array(DType::Int32, shape)})[0];
  bc.dtype = DType::UInt32;
  return ir::bind1(Prim::BitcastConvertType, {bits}, bc);
}

// mosaic/random.py's _fold_in: key1 += data, then one threefry round (13).
Operand pallas_fold_in(const Operand& key, const Operand& data) {
  Operand k0 = key_word(key, 0);
  Operand word1 = key_word(key, 1);
  Operand k1 = ir::ad::add(word1, ir::ad::convert(data, DType::UInt32));
  k0 = ir::ad::add(k0, k1);
  // Named steps: argument evaluation order is unspecified, and the jaxpr
  // (and so wasm's and native's documents) must list the shifts alike.
  Operand left = ir::ad::binary(Prim::ShiftLeft, k1, u32(13));
  Operand right = ir::ad::binary(Prim::ShiftRightLogical, k1, u32(32 - 13));
  Operand rot = ir::ad::binary(Prim::Or, left, right);
  k1 = ir::ad::binary(Prim::Xor, k0, rot);
  ir::Params cat;
  cat.n = 1;
  return ir::bind1(Prim::Concatenate, {ir::ad::reshape(k0, {1, 1}), ir::ad::reshape(k1, {1, 1})}, cat);
}

// Random bits for a traced threefry key or any Pallas key.
Operand sampler_bits(Interpreter& ip, const Args& a, const Operand& key, int width, const Shape& shape) {
  return is_pallas_key(key) ? pallas_bits(ip, a, key, width, shape) : traced_bits(key, width, shape);
}

Value traced_sampler(Interpreter& ip, const Args& a, const std::string& which) {
  Operand key = traced_key(ip, a, 0);
  if (which == "bits") {
    std::optional<DType> dt = dtype_at(ip, a, 2);
    return make_array(sampler_bits(ip, a, key, array::bit_width(dt.value_or(DType::UInt32)), shape_at(ip, a, 1)));
  }
  if (which == "bernoulli") {
    double p = a.has(1) ? number_value(ip, a[1], "bernoulli", a.where()) : 0.5;
    Shape shape = shape_at(ip, a, 2);
    Operand u = uniform_from_bits(a, sampler_bits(ip, a, key, 32, shape), DType::Float32, 0.0, 1.0);
    return make_array(ir::bind1(Prim::Lt, {u, ir::ad::scalar(DType::Float32, p)}, {}));
  }
  std::optional<DType> dt = dtype_at(ip, a, 2);
  Shape shape = shape_at(ip, a, 1);
  DType t = dt.value_or(DType::Float32);
  if (which == "normal") {
    // lo = nextafter(-1, 0) in float32, then erf_inv, times sqrt(2).
    Operand u = uniform_from_bits(a, sampler_bits(ip, a, key, array::bit_width(t), shape), t, -1.0 + 5.9604644775390625e-08, 1.0);
    return make_array(ir::ad::times(ir::ad::unary(Prim::ErfInv, u), std::sqrt(2.0)));
  }
  double lo = a.has(3) ? number_value(ip, a[3], "uniform", a.where()) : 0.0;
  double hi = a.has(4) ? number_value(ip, a[4], "uniform", a.where()) : 1.0;
  return make_array(uniform_from_bits(a, sampler_bits(ip, a, key, array::bit_width(t), shape), t, lo, hi));
}

// threefry2x32 of a traced key over count words x0 (high) and x1 (low):
// the words JAX's partitionable threefry feeds it.
Operand traced_threefry_key(const Operand& key, const Operand& x0, const Operand& x1, const Shape& shape) {
  Operand k0 = ir::ad::reshape(ir::ad::slice(key, {0}, {1}), {}), k1 = ir::ad::reshape(ir::ad::slice(key, {1}, {2}), {});
  std::vector<Operand> y = ir::bind(Prim::Threefry2x32, {k0, k1, x0, x1}, {});
  Shape col = x0.aval.shape;
  col.push_back(1);
  ir::Params cat;
  cat.n = static_cast<int64_t>(x0.aval.shape.size());
  Operand pair = ir::bind1(Prim::Concatenate, {ir::ad::reshape(y[0], col), ir::ad::reshape(y[1], col)}, cat);
  Shape out = shape;
  out.push_back(2);
  return ir::ad::reshape(pair, out);
}

// fold_in: threefry_2x32(key, [0, data]).
Value traced_fold_in(Interpreter& ip, const Args& a) {
  Operand key = traced_key(ip, a, 0);
  Operand data = ir::ad::reshape(ir::ad::convert(to_op(ip, a[1], a.where()), DType::UInt32), {1});
  return make_array(traced_threefry_key(key, ir::ad::reshape(u32(0), {1}), data, {}));
}

// split: threefry_2x32(key, (0, i)) for each i of the requested shape.
Value traced_split(Interpreter& ip, const Args& a) {
  Operand key = traced_key(ip, a, 0);
  Shape shape = a.has(1) ? shape_value(ip, a[1], a.where()) : Shape{2};
  int64_t n = array::num_elements(shape);
  ir::Params iota;
  iota.dtype = DType::UInt32;
  iota.shape = {n};
  Operand lo = ir::bind1(Prim::Iota, {}, iota);
  Operand hi = ir::ad::broadcast_in_dim(u32(0), {n}, {});
  return make_array(traced_threefry_key(key, hi, lo, shape));
}

// jax.random.key(seed, impl="pallas_tpu"): the seed broadcast over the key
// shape (1, 2) (mosaic/random.py's _seed_func).
Value pallas_seed_key(Interpreter& ip, const Args& a) {
  Operand seed = ir::ad::convert(ir::ad::convert(to_op(ip, a[0], a.where()), DType::Int32), DType::UInt32);
  return make_array(ir::ad::broadcast_to(ir::ad::reshape(seed, {1, 1}), {1, 2}));
}

// jax.random.key(seed) on a traced seed: [0, seed as uint32] (threefry_seed
// of a 32-bit seed).
Value traced_seed_key(Interpreter& ip, const Args& a) {
  Operand seed = to_op(ip, a[0], a.where());
  Operand low = ir::ad::reshape(ir::ad::convert(seed, DType::UInt32), {1});
  ir::Params cat;
  cat.n = 0;
  return make_array(ir::bind1(Prim::Concatenate, {ir::ad::reshape(u32(0), {1}), low}, cat));
}

// A Pallas key (uint32[1, 2]) given as argument i, on the host or traced.
bool pallas_at(Interpreter& ip, const Args& a, size_t i) {
  return a.has(i) && a[i].is(ObjKind::Array) && is_pallas_key(to_op(ip, a[i], a.where()));
}

// The Python form (random_python_source.cpp) of randint/permutation/choice
// for kernel bodies and Pallas keys (whose split JAX refuses), and of
// uniform/bernoulli/randint with array bounds or probabilities.
Value python_form(Interpreter& ip, const Args& a, const char* name, const std::vector<const char*>& params) {
  Value fn = ip.getattr(ip.import_module("jax.random", {}), std::string("_traced_") + name, a.where());
  CallArgs call;
  call.where = a.where();
  for (size_t i = 0; i < params.size(); ++i)
    if (a.has(i)) call.keywords.emplace_back(params[i], a[i]);
  return ip.call(fn, call);
}

void add_keys(ModuleObj& m) {
  auto key_fn = [](Interpreter& ip, const Args& a) {
    if (a.has(1) && a[1].is(ObjKind::Str) && a[1].as<StrObj>().s == "pallas_tpu") return pallas_seed_key(ip, a);
    return in_trace(ip, a, 0) ? traced_seed_key(ip, a) : seed_key(ip, a);
  };
  defn(m, "key", {"seed", "*", "impl"}, 1, key_fn);
  defn(m, "PRNGKey", {"seed", "*", "impl"}, 1, key_fn);
  defn(m, "split", {"key", "num"}, 1, [](Interpreter& ip, const Args& a) {
    if (pallas_at(ip, a, 0)) raise(ErrorId::random_pallas_split, a.where());
    return in_trace(ip, a, 0) ? traced_split(ip, a) : split(ip, a);
  });
  defn(m, "fold_in", {"key", "data"}, 2, [](Interpreter& ip, const Args& a) {
    if (pallas_at(ip, a, 0)) return make_array(pallas_fold_in(traced_key(ip, a, 0), to_op(ip, a[1], a.where())));
    if (in_trace(ip, a, 0) || in_trace(ip, a, 1)) return traced_fold_in(ip, a);
    array::Key k = key_at(ip, a, 0);
    return key_value(array::fold_in(k, static_cast<uint32_t>(int_arg(ip, a, 1))));
  });
  // Key data is the key here; these check it is key data (any batch shape).
  for (const char* name : {"key_data", "wrap_key_data"})
    defn(m, name, {"keys", "*", "impl"}, 1, [](Interpreter& ip, const Args& a) {
      Operand k = to_op(ip, a[0], a.where());
      if (k.aval.dtype != DType::UInt32) raise(ErrorId::random_key_dtype, a.where(), array::dtype_name(k.aval.dtype));
      if (k.aval.shape.empty() || k.aval.shape.back() != 2)
        raise(ErrorId::random_key_shape, a.where(), array::shape_str(k.aval.shape));
      return a[0];
    });
}

// Is argument i absent, a Python number or a 0-d array? (The C++ samplers
// take scalar bounds; arrays go to the Python forms.)
bool scalar_at(Interpreter& ip, const Args& a, size_t i) {
  if (!a.has(i) || a[i].is_number()) return true;
  return a[i].is(ObjKind::Array) && to_op(ip, a[i], a.where()).aval.shape.empty();
}

void add_samplers(ModuleObj& m) {
  auto hardware_or_traced = [](Interpreter& ip, const Args& a) { return in_trace(ip, a, 0) || pallas_at(ip, a, 0); };
  defn(m, "bits", {"key", "shape", "dtype"}, 1, [=](Interpreter& ip, const Args& a) {
    if (hardware_or_traced(ip, a)) return traced_sampler(ip, a, "bits");
    array::Key k = key_at(ip, a, 0);
    std::optional<DType> dt = dtype_at(ip, a, 2);
    return make_array(array::random_bits(k, array::bit_width(dt.value_or(DType::UInt32)), shape_at(ip, a, 1)));
  });
  defn(m, "uniform", {"key", "shape", "dtype", "minval", "maxval"}, 1, [=](Interpreter& ip, const Args& a) {
    if (!scalar_at(ip, a, 3) || !scalar_at(ip, a, 4))
      return python_form(ip, a, "uniform", {"key", "shape", "dtype", "minval", "maxval"});
    if (hardware_or_traced(ip, a)) return traced_sampler(ip, a, "uniform");
    array::Key k = key_at(ip, a, 0);
    std::optional<DType> dt = dtype_at(ip, a, 2);
    double lo = a.has(3) ? number_value(ip, a[3], "uniform", a.where()) : 0.0;
    double hi = a.has(4) ? number_value(ip, a[4], "uniform", a.where()) : 1.0;
    return make_array(array::uniform(k, shape_at(ip, a, 1), dt.value_or(DType::Float32), lo, hi));
  });
  defn(m, "normal", {"key", "shape", "dtype"}, 1, [=](Interpreter& ip, const Args& a) {
    if (hardware_or_traced(ip, a)) return traced_sampler(ip, a, "normal");
    array::Key k = key_at(ip, a, 0);
    std::optional<DType> dt = dtype_at(ip, a, 2);
    return make_array(array::normal(k, shape_at(ip, a, 1), dt.value_or(DType::Float32)));
  });
  defn(m, "bernoulli", {"key", "p", "shape"}, 1, [=](Interpreter& ip, const Args& a) {
    if (!scalar_at(ip, a, 1) || (a.has(1) && a[1].is(ObjKind::Array) && !a.has(2)))
      return python_form(ip, a, "bernoulli", {"key", "p", "shape"});
    if (hardware_or_traced(ip, a)) return traced_sampler(ip, a, "bernoulli");
    array::Key k = key_at(ip, a, 0);
    double p = a.has(1) ? number_value(ip, a[1], "bernoulli", a.where()) : 0.5;
    return make_array(array::bernoulli(k, p, shape_at(ip, a, 2)));
  });
  defn(m, "randint", {"key", "shape", "minval", "maxval", "dtype"}, 4, [=](Interpreter& ip, const Args& a) {
    if (hardware_or_traced(ip, a) || !scalar_at(ip, a, 2) || !scalar_at(ip, a, 3))
      return python_form(ip, a, "randint", {"key", "shape", "minval", "maxval", "dtype"});
    array::Key k = key_at(ip, a, 0);
    std::optional<DType> dt = dtype_at(ip, a, 4);
    return make_array(array::randint(k, shape_at(ip, a, 1), int_arg(ip, a, 2), int_arg(ip, a, 3),
                                     dt.value_or(DType::Int32)));
  });
  defn(m, "permutation", {"key", "x", "axis", "independent"}, 2, [=](Interpreter& ip, const Args& a) {
    if (hardware_or_traced(ip, a) || in_trace(ip, a, 1)) return python_form(ip, a, "permutation", {"key", "x", "axis", "independent"});
    array::Key k = key_at(ip, a, 0);
    int64_t axis = a.int_at(2, 0);
    if (is_int_like(a[1]) && axis != 0 && axis != -1) return python_form(ip, a, "permutation", {"key", "x", "axis", "independent"});
    if (is_int_like(a[1])) return make_array(array::permutation(k, a[1].as_int()));
    Operand x = to_op(ip, a[1], a.where());
    if (x.aval.shape.empty()) raise(ErrorId::random_permutation_arg, a.where());
    // Another axis, or independent rows: JAX's _shuffle on that axis, in Python.
    bool independent = a.has(3) && ip.truthy(a[3]) && x.aval.shape.size() > 1;
    if (axis != 0 || independent) return python_form(ip, a, "permutation", {"key", "x", "axis", "independent"});
    return make_array(array::permutation(k, x.value));
  });
  defn(m, "choice", {"key", "a", "shape", "replace", "p", "axis"}, 2, [=](Interpreter& ip, const Args& a) {
    bool with_p = a.has(4) && !a[4].is_none();
    if (hardware_or_traced(ip, a) || in_trace(ip, a, 1) || with_p) return python_form(ip, a, "choice", {"key", "a", "shape", "replace", "p", "axis"});
    return choice(ip, a);
  });
}

}  // namespace

void register_module_random() {
  Interpreter::register_module("jax.random", [](Interpreter& ip) {
    auto m = new_module("jax.random");
    add_keys(*m);
    add_samplers(*m);
    Value mod = Value::object(m);
    add_random_python(ip, *m, mod);
    return mod;
  });
}

}  // namespace rungs::jax
