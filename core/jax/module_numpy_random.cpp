// numpy.random: NumPy's own random streams, bit for bit, so a harness's
// `np.random.seed(0); x = np.random.randn(8, 128)` builds the inputs it
// builds under NumPy.
//
// This file is the legacy API: the module-level functions, which draw from
// one global RandomState, and np.random.RandomState itself, over MT19937
// (numpy_bitgen_mt19937.h) and the legacy samplers (numpy_distributions.h).
// default_rng and Generator live in numpy_random_generator.cpp.
//
// Values are computed in double as NumPy computes them; an array result is
// a float64 NumPy array of those doubles (numpy_random_shared.h).
// Deliberate differences: a program that never seeds gets seed 0 (NumPy
// seeds from the OS, Rungs runs are deterministic); shuffle() of a JAX
// array (immutable) is refused, pointing at permutation(), which makes the
// same draws; loc/scale/low/high are scalars (no broadcasting).
#include <algorithm>
#include <array>

#include "core/jax/numpy_bitgen_mt19937.h"
#include "core/jax/numpy_distributions.h"
#include "core/jax/numpy_random_shared.h"
#include "core/python/value_ops.h"

namespace rungs::jax {

namespace {

using namespace nprandom;

// The seed of a RandomState nobody seeded (NumPy would use OS entropy).
constexpr uint32_t kUnseededSeed = 0;

struct RandomStateObj : RecordObj {
  explicit RandomStateObj(const RecordType* t) : RecordObj(t) {}
  Mt19937 mt;
  LegacyGauss gauss;
};

RandomStateObj& state_of(const Value& v) { return static_cast<RandomStateObj&>(v.as<RecordObj>()); }

// seed(): an int in [0, 2**32) through init_genrand, a 1-d sequence of such
// ints through init_by_array; either way the cached normal is dropped.
void seed_state(Interpreter& ip, RandomStateObj& s, const Value& seed, SourceRange where) {
  s.gauss = LegacyGauss{};
  if (seed.is_none()) return s.mt.seed_int(kUnseededSeed);
  if (is_int_like(seed) || (seed.is(ObjKind::Array) && seed.as<ArrayObj>().aval().shape.empty())) {
    int64_t v = seed.is(ObjKind::Array) ? array_to_python_scalar(ip, seed, "int", where).as_int() : seed.as_int();
    if (v < 0 || v > 0xffffffffLL) raise(ErrorId::np_random_seed_range, where);
    return s.mt.seed_int(static_cast<uint32_t>(v));
  }
  Values items = ip.iterate(seed);
  if (items.empty()) raise(ErrorId::np_random_seed_empty, where);
  std::vector<uint32_t> key;
  for (const Value& item : items) {
    if (item.is(ObjKind::List) || item.is(ObjKind::Tuple) ||
        (item.is(ObjKind::Array) && !item.as<ArrayObj>().aval().shape.empty()))
      raise(ErrorId::np_random_seed_ndim, where);
    int64_t v = item.is(ObjKind::Array) ? array_to_python_scalar(ip, item, "int", where).as_int() : to_index(item, where);
    if (v < 0 || v > 0xffffffffLL) raise(ErrorId::np_random_seed_range, where);
    key.push_back(static_cast<uint32_t>(v));
  }
  s.mt.seed_array(key);
}

std::vector<double> uniforms(RandomStateObj& s, int64_t n) {
  std::vector<double> out(static_cast<size_t>(n));
  for (double& v : out) v = s.mt.next_double();
  return out;
}

std::vector<double> gaussians(RandomStateObj& s, int64_t n) {
  std::vector<double> out(static_cast<size_t>(n));
  for (double& v : out) v = legacy_gauss(s.mt, s.gauss);
  return out;
}

double number_at(Interpreter& ip, const Args& a, size_t i, double fallback) {
  return a.has(i) ? number_value(ip, a[i], a.fn_name().c_str(), a.where()) : fallback;
}

// arange(n) shuffled from the back, as RandomState.permutation does.
std::vector<int64_t> permuted_indices(RandomStateObj& s, int64_t n) {
  check_room(n, {n});
  std::vector<int64_t> idx(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) idx[static_cast<size_t>(i)] = i;
  for (int64_t i = n - 1; i >= 1; --i) std::swap(idx[static_cast<size_t>(i)], idx[random_interval(s.mt, static_cast<uint64_t>(i))]);
  return idx;
}

Value randint(Interpreter& ip, RandomStateObj& s, const Args& a) {
  IntDtype dtype = int_dtype_at(ip, a, 3, "randint");
  IntBounds b = int_bounds(ip, a, 0, 1, dtype, false);
  Size size = size_at(ip, a, 2);
  std::vector<int64_t> out(static_cast<size_t>(size.count()));
  SmallDraws pieces;  // a fresh word buffer for this call, as NumPy's fill has
  for (int64_t& v : out)
    v = static_cast<int64_t>(static_cast<uint64_t>(b.low) +
                             (dtype.bits >= 32 ? bounded_masked(s.mt, b.range) : bounded_small(s.mt, b.range, dtype.bits, false, pieces)));
  return int_result(size, out, dtype.engine, a.where());
}

Value permutation(Interpreter& ip, RandomStateObj& s, const Args& a) {
  if (is_int_like(a[0])) {  // arange(n) shuffled; arange of a negative n is empty
    int64_t n = std::max<int64_t>(a[0].as_int(), 0);
    return int_result(Size{false, {n}}, permuted_indices(s, n), DType::Int64, a.where());
  }
  Population pop = population_at(ip, a[0], a.where());
  if (pop.is_int || pop.values.rank() == 0) raise(ErrorId::np_random_permutation_arg, a.where());
  return take(pop, permuted_indices(s, pop.size), Size{false, {pop.size}}, a.where());
}

Value choice(Interpreter& ip, RandomStateObj& s, const Args& a) {
  Population pop = population_at(ip, a[0], a.where());
  if (!pop.is_int && pop.values.rank() != 1) raise(ErrorId::np_random_a_ndim, a.where());
  Size size = size_at(ip, a, 1);
  const int64_t count = size.count();
  if (pop.size <= 0 && count != 0)
    raise(pop.is_int ? ErrorId::np_random_pop_int_legacy : ErrorId::np_random_pop_empty_legacy, a.where());
  const bool replace = truthy_at(ip, a, 2, true);
  std::optional<std::vector<double>> p;
  if (a.has(3) && !a[3].is_none()) p = probabilities_at(ip, a[3], pop.size, true, a.where());
  std::vector<int64_t> idx;
  if (replace) {
    if (p) {
      idx = inverse_cdf(*p, uniforms(s, count));
    } else {
      for (int64_t i = 0; i < count; ++i) idx.push_back(static_cast<int64_t>(bounded_masked(s.mt, static_cast<uint64_t>(pop.size - 1))));
    }
  } else {
    if (count > pop.size) raise(ErrorId::np_random_sample_too_large_legacy, a.where());
    if (p) {
      if (std::count_if(p->begin(), p->end(), [](double v) { return v > 0; }) < count)
        raise(ErrorId::np_random_p_nonzero, a.where());
      idx = weighted_sample_without_replacement(*p, count, [&](int64_t n) { return uniforms(s, n); });
    } else {
      idx = permuted_indices(s, pop.size);
      idx.resize(static_cast<size_t>(count));
    }
  }
  return take(pop, idx, size, a.where());
}

// get_state(): ('MT19937', the 624 key words, position, has_gauss, cached_gaussian).
Value get_state(Interpreter&, RandomStateObj& s, const Args&) {
  std::vector<int64_t> key(s.mt.key().begin(), s.mt.key().end());
  return make_tuple({make_str("MT19937"), make_array(array::Array::from_ints(DType::UInt32, {Mt19937::kWords}, key)),
                     Value::integer(s.mt.position()), Value::integer(s.gauss.has ? 1 : 0),
                     Value::floating(s.gauss.value)});
}

Value set_state(Interpreter& ip, RandomStateObj& s, const Args& a) {
  if (!a[0].is(ObjKind::Tuple) && !a[0].is(ObjKind::List)) raise(ErrorId::np_random_state_tuple, a.where());
  Values parts = ip.iterate(a[0]);
  if (parts.size() < 3 || !parts[0].is(ObjKind::Str) || parts[0].as<StrObj>().s != "MT19937")
    raise(ErrorId::np_random_state_algorithm, a.where());
  NumpyScope lenient;
  array::Array key = to_op(ip, parts[1], a.where()).value;
  if (key.size() != Mt19937::kWords) raise(ErrorId::np_random_state_key, a.where());
  std::array<uint32_t, Mt19937::kWords> words{};
  for (int i = 0; i < Mt19937::kWords; ++i) words[static_cast<size_t>(i)] = static_cast<uint32_t>(key.get_int(i));
  s.mt.set_state(words, static_cast<int>(to_index(parts[2], a.where())));
  s.gauss = LegacyGauss{};
  if (parts.size() >= 5) s.gauss = {ip.truthy(parts[3]), number_value(ip, parts[4], "set_state", a.where())};
  return Value::none();
}

using LegacyFn = Value (*)(Interpreter&, RandomStateObj&, const Args&);
struct LegacyMethod {
  const char* name;
  std::vector<std::string> params;
  size_t required;
  LegacyFn fn;
  bool rest = false;  // takes *args (rand, randn)
};

Value random_sample(Interpreter& ip, RandomStateObj& s, const Args& a) {
  Size size = size_at(ip, a, 0);
  return float_result(size, uniforms(s, size.count()));
}

const std::vector<LegacyMethod>& legacy_methods() {
  static const std::vector<LegacyMethod> table = {
      {"seed", {"seed"}, 0, [](Interpreter& ip, RandomStateObj& s, const Args& a) {
         seed_state(ip, s, a[0], a.where());
         return Value::none();
       }},
      {"rand", {}, 0, [](Interpreter&, RandomStateObj& s, const Args& a) {
         Size size = size_from_dims(a.rest(), a.where());
         return float_result(size, uniforms(s, size.count()));
       }, true},
      {"randn", {}, 0, [](Interpreter&, RandomStateObj& s, const Args& a) {
         Size size = size_from_dims(a.rest(), a.where());
         return float_result(size, gaussians(s, size.count()));
       }, true},
      {"random_sample", {"size"}, 0, random_sample},
      {"random", {"size"}, 0, random_sample},
      {"ranf", {"size"}, 0, random_sample},
      {"sample", {"size"}, 0, random_sample},
      {"standard_normal", {"size"}, 0, [](Interpreter& ip, RandomStateObj& s, const Args& a) {
         Size size = size_at(ip, a, 0);
         return float_result(size, gaussians(s, size.count()));
       }},
      {"normal", {"loc", "scale", "size"}, 0, [](Interpreter& ip, RandomStateObj& s, const Args& a) {
         double loc = number_at(ip, a, 0, 0.0), scale = number_at(ip, a, 1, 1.0);
         if (scale < 0) raise(ErrorId::np_random_scale_negative, a.where());
         Size size = size_at(ip, a, 2);
         std::vector<double> v = gaussians(s, size.count());
         for (double& x : v) x = loc + scale * x;
         return float_result(size, v);
       }},
      {"uniform", {"low", "high", "size"}, 0, [](Interpreter& ip, RandomStateObj& s, const Args& a) {
         double low = number_at(ip, a, 0, 0.0), range = number_at(ip, a, 1, 1.0) - low;
         Size size = size_at(ip, a, 2);
         std::vector<double> v = uniforms(s, size.count());
         for (double& x : v) x = low + range * x;
         return float_result(size, v);
       }},
      {"randint", {"low", "high", "size", "dtype"}, 1, randint},
      {"binomial", {"n", "p", "size"}, 2, [](Interpreter& ip, RandomStateObj& s, const Args& a) {
         return binomial_draws(ip, s.mt, a);
       }},
      {"permutation", {"x"}, 1, permutation},
      {"shuffle", {"x"}, 1, [](Interpreter& ip, RandomStateObj& s, const Args& a) {
         // A NumPy array is shuffled in place: permutation(x) makes the
         // same draws (NumPy's permutation copies and shuffles).
         if (a[0].is(ObjKind::Array) && a[0].as<ArrayObj>().numpy) {
           ip.setitem(a[0], ellipsis_value(), permutation(ip, s, a), a.where());
           return Value::none();
         }
         shuffle_list(shuffle_target(a[0], "np.random", a.where()), [&](uint64_t i) { return random_interval(s.mt, i); });
         return Value::none();
       }},
      {"choice", {"a", "size", "replace", "p"}, 1, choice},
      {"get_state", {"legacy"}, 0, get_state},
      {"set_state", {"state"}, 1, set_state},
  };
  return table;
}

const RecordType& random_state_type() {
  static const RecordType t = [] {
    RecordType r;
    r.name = "RandomState";
    // NumPy appends " at 0x<address>"; addresses never reach Rungs' output.
    r.repr = [](const RecordObj&, Interpreter&) { return std::string("RandomState(MT19937)"); };
    for (const LegacyMethod& m : legacy_methods())
      r.methods[m.name] = [&m](Interpreter& ip, const Value& self, CallArgs& c) {
        Args a(c, m.name, m.params, m.required, m.rest);
        return m.fn(ip, state_of(self), a);
      };
    return r;
  }();
  return t;
}

Value new_random_state(Interpreter& ip, const Value& seed, SourceRange where) {
  auto s = std::make_shared<RandomStateObj>(&random_state_type());
  seed_state(ip, *s, seed, where);
  return Value::object(s);
}

}  // namespace

void register_module_numpy_random() {
  Interpreter::register_module("numpy.random", [](Interpreter& ip) {
    auto m = new_module("numpy.random");
    // The global RandomState behind the module-level functions, one per run.
    Value global = new_random_state(ip, Value::none(), SourceRange{});
    for (const LegacyMethod& lm : legacy_methods())
      defn(*m, lm.name, lm.params, lm.required,
           [global, fn = lm.fn](Interpreter& ip2, const Args& a) { return fn(ip2, state_of(global), a); }, lm.rest);
    defn(*m, "RandomState", {"seed"}, 0, [](Interpreter& ip2, const Args& a) { return new_random_state(ip2, a[0], a.where()); });
    nprandom::mark_as_type(*m, "RandomState");
    nprandom::add_generator_api(*m);
    return Value::object(m);
  });
}

}  // namespace rungs::jax
