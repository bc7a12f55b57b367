// numpy.random's Generator API: default_rng(seed), Generator, PCG64 and
// SeedSequence, drawing NumPy's PCG64 streams bit for bit.
//
// default_rng(seed) is Generator(PCG64(SeedSequence(seed))); the three are
// separate objects here as in NumPy, and a PCG64 shares its state with the
// Generator built on it. Generator's samplers are not the legacy ones:
// normals come from the ziggurat, bounded integers from Lemire's method,
// choice without replacement from Floyd's algorithm plus a shuffle, and the
// float32 variants (dtype=np.float32) from their own 32-bit draws.
// Deliberate differences: default_rng() without a seed uses SeedSequence(0)
// (NumPy uses OS entropy); integer scalars are Python ints (NumPy: np.int64);
// loc/scale/low/high are scalars; permutation/choice sample axis 0 only.
#include <algorithm>
#include <unordered_set>

#include "core/jax/numpy_bitgen_pcg64.h"
#include "core/jax/numpy_distributions.h"
#include "core/jax/numpy_random_shared.h"
#include "core/python/value_ops.h"

namespace rungs::jax::nprandom {

namespace {

struct SeedSequenceObj : RecordObj {
  SeedSequenceObj(const RecordType* t, SeedSequence s) : RecordObj(t), seq(std::move(s)) {}
  SeedSequence seq;
};

struct Pcg64Obj : RecordObj {
  Pcg64Obj(const RecordType* t, const SeedSequence& s) : RecordObj(t), bits(std::make_shared<Pcg64>(s)) {}
  std::shared_ptr<Pcg64> bits;
};

struct GeneratorObj : RecordObj {
  explicit GeneratorObj(const RecordType* t) : RecordObj(t) {}
  std::shared_ptr<Pcg64> bits;  // shared with its PCG64 object
};

const RecordType& seed_sequence_type();
const RecordType& pcg64_type();
const RecordType& generator_type();

bool is_record_of(const Value& v, const RecordType& t) { return v.is(ObjKind::Record) && v.as<RecordObj>().type == &t; }

// ---- SeedSequence and PCG64 ----

Value make_seed_sequence(Interpreter& ip, const Value& entropy, SourceRange where) {
  // NumPy draws fresh OS entropy for None; Rungs runs are deterministic.
  std::vector<uint32_t> words = entropy.is_none() ? SeedSequence::words_of(0) : seed_words(ip, entropy, where);
  auto s = std::make_shared<SeedSequenceObj>(&seed_sequence_type(), SeedSequence(words));
  s->set("entropy", entropy.is_none() ? Value::integer(0) : entropy);
  return Value::object(s);
}

Value make_pcg64(Interpreter& ip, const Value& seed, SourceRange where) {
  Value seq = is_record_of(seed, seed_sequence_type()) ? seed : make_seed_sequence(ip, seed, where);
  auto p = std::make_shared<Pcg64Obj>(&pcg64_type(), static_cast<SeedSequenceObj&>(seq.as<RecordObj>()).seq);
  p->set("seed_seq", seq);
  return Value::object(p);
}

Value make_generator(const Value& bit_generator, SourceRange where) {
  if (!is_record_of(bit_generator, pcg64_type())) raise(ErrorId::np_random_not_bit_generator, where, type_name(bit_generator));
  auto g = std::make_shared<GeneratorObj>(&generator_type());
  g->bits = static_cast<Pcg64Obj&>(bit_generator.as<RecordObj>()).bits;
  g->set("bit_generator", bit_generator);
  return Value::object(g);
}

Value default_rng(Interpreter& ip, const Args& a) {
  const Value& seed = a[0];
  if (is_record_of(seed, generator_type())) return seed;
  if (is_record_of(seed, pcg64_type())) return make_generator(seed, a.where());
  return make_generator(make_pcg64(ip, seed, a.where()), a.where());
}

const RecordType& seed_sequence_type() {
  static const RecordType t = [] {
    RecordType r;
    r.name = "SeedSequence";
    r.repr = [](const RecordObj& s, Interpreter& ip) { return "SeedSequence(entropy=" + ip.repr(s.get("entropy")) + ")"; };
    r.methods["generate_state"] = [](Interpreter& ip, const Value& self, CallArgs& c) {
      Args a(c, "generate_state", {"n_words", "dtype"}, 1);
      const SeedSequence& seq = static_cast<SeedSequenceObj&>(self.as<RecordObj>()).seq;
      IntDtype d = int_dtype_at(ip, a, 1, "generate_state");
      if (!a.has(1)) d = {DType::UInt32, "uint32", 0, 0xffffffffLL, 32};
      int64_t n = a.int_at(0, 0);
      std::vector<int64_t> words;
      if (d.numpy_name == "uint32") {
        for (uint32_t w : seq.generate_state32(static_cast<int>(n))) words.push_back(w);
      } else {
        for (uint64_t w : seq.generate_state64(static_cast<int>(n))) words.push_back(static_cast<int64_t>(w));
      }
      return int_result(Size{false, {n}}, words, DType::UInt32, a.where());
    };
    return r;
  }();
  return t;
}

const RecordType& pcg64_type() {
  static const RecordType t = [] {
    RecordType r;
    r.name = "PCG64";
    r.repr = [](const RecordObj&, Interpreter&) { return std::string("PCG64"); };
    return r;
  }();
  return t;
}

// ---- Generator's samplers ----

Pcg64& bits_of(const Value& self) { return *static_cast<GeneratorObj&>(self.as<RecordObj>()).bits; }

std::vector<double> doubles(Pcg64& g, int64_t n) {
  std::vector<double> out(static_cast<size_t>(n));
  for (double& v : out) v = g.next_double();
  return out;
}

// Float samplers with a dtype= (random, standard_normal): float64 draws
// or the float32 variant, which uses its own 32-bit words.
template <typename Draw64, typename Draw32>
Value float_sampler(Interpreter& ip, const Args& a, size_t size_i, size_t dtype_i, const char* name, Draw64 d64, Draw32 d32) {
  bool f32 = float32_requested(ip, a, dtype_i, name);
  Size size = size_at(ip, a, size_i);
  if (f32) {
    std::vector<float> v(static_cast<size_t>(size.count()));
    for (float& x : v) x = d32();
    return float32_result(size, v);
  }
  std::vector<double> v(static_cast<size_t>(size.count()));
  for (double& x : v) x = d64();
  return float_result(size, v);
}

double number_at(Interpreter& ip, const Args& a, size_t i, double fallback) {
  return a.has(i) ? number_value(ip, a[i], a.fn_name().c_str(), a.where()) : fallback;
}

// Durstenfeld's shuffle of data[first-1 .. n-1] from the back, each swap
// partner drawn by Lemire's method (NumPy's _shuffle_int).
void shuffle_ints(Pcg64& g, std::vector<int64_t>& data, size_t first) {
  for (size_t i = data.size(); i-- > first;) std::swap(data[i], data[bounded_lemire(g, i)]);
}

std::vector<int64_t> permuted_indices(Pcg64& g, int64_t n) {
  check_room(n, {n});
  std::vector<int64_t> idx(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) idx[static_cast<size_t>(i)] = i;
  for (int64_t i = n - 1; i >= 1; --i) std::swap(idx[static_cast<size_t>(i)], idx[random_interval(g, static_cast<uint64_t>(i))]);
  return idx;
}

// count distinct indices of [0, pop) without p: NumPy shuffles the tail of
// arange(pop) for large draws, else runs Floyd's algorithm and shuffles
// the result (shuffle=True) so its order is random too.
std::vector<int64_t> sample_without_replacement(Pcg64& g, int64_t pop, int64_t count, bool shuffle) {
  const int64_t cutoff = shuffle ? 50 : 20;
  if (pop > 10000 && count > pop / cutoff) {
    check_room(pop, {pop});
    std::vector<int64_t> idx(static_cast<size_t>(pop));
    for (int64_t i = 0; i < pop; ++i) idx[static_cast<size_t>(i)] = i;
    shuffle_ints(g, idx, static_cast<size_t>(std::max<int64_t>(pop - count, 1)));
    return std::vector<int64_t>(idx.end() - count, idx.end());
  }
  std::vector<int64_t> out;
  std::unordered_set<int64_t> chosen;
  for (int64_t j = pop - count; j < pop; ++j) {
    int64_t v = static_cast<int64_t>(bounded_lemire(g, static_cast<uint64_t>(j)));
    if (!chosen.insert(v).second) {  // already taken: take j itself (Floyd)
      v = j;
      chosen.insert(v);
    }
    out.push_back(v);
  }
  if (shuffle) shuffle_ints(g, out, 1);
  return out;
}

Value choice(Interpreter& ip, const Value& self, const Args& a) {
  Pcg64& g = bits_of(self);
  Population pop = population_at(ip, a[0], a.where());
  if (a.int_at(4, 0) != 0) raise(ErrorId::unsupported_feature, a.where(), "Generator.choice with axis != 0");
  Size size = size_at(ip, a, 1);
  const int64_t count = size.count();
  if (!pop.is_int && pop.values.rank() == 0) raise(ErrorId::np_random_a_ndim, a.where());
  if (pop.size <= 0 && count != 0) raise(pop.is_int ? ErrorId::np_random_pop_int : ErrorId::np_random_pop_empty, a.where());
  const bool replace = truthy_at(ip, a, 2, true), shuffle = truthy_at(ip, a, 5, true);
  std::optional<std::vector<double>> p;
  if (a.has(3) && !a[3].is_none()) p = probabilities_at(ip, a[3], pop.size, false, a.where());
  std::vector<int64_t> idx;
  if (replace) {
    if (p) {
      idx = inverse_cdf(*p, doubles(g, count));
    } else {
      for (int64_t i = 0; i < count; ++i) idx.push_back(static_cast<int64_t>(bounded_lemire(g, static_cast<uint64_t>(pop.size - 1))));
    }
  } else {
    if (count > pop.size) raise(ErrorId::np_random_sample_too_large, a.where());
    if (p) {
      if (std::count_if(p->begin(), p->end(), [](double v) { return v > 0; }) < count)
        raise(ErrorId::np_random_p_nonzero, a.where());
      idx = weighted_sample_without_replacement(*p, count, [&](int64_t n) { return doubles(g, n); });
    } else {
      idx = sample_without_replacement(g, pop.size, count, shuffle);
    }
  }
  return take(pop, idx, size, a.where());
}

Value permutation(Interpreter& ip, const Value& self, const Args& a) {
  Pcg64& g = bits_of(self);
  if (a.int_at(1, 0) != 0) raise(ErrorId::unsupported_feature, a.where(), "Generator.permutation with axis != 0");
  if (is_int_like(a[0])) {  // arange(n) shuffled; arange of a negative n is empty
    int64_t n = std::max<int64_t>(a[0].as_int(), 0);
    return int_result(Size{false, {n}}, permuted_indices(g, n), DType::Int64, a.where());
  }
  Population pop = population_at(ip, a[0], a.where());
  if (pop.is_int || pop.values.rank() == 0) raise(ErrorId::np_random_permutation_axis, a.where());
  return take(pop, permuted_indices(g, pop.size), Size{false, {pop.size}}, a.where());
}

Value integers(Interpreter& ip, const Value& self, const Args& a) {
  Pcg64& g = bits_of(self);
  IntDtype dtype = int_dtype_at(ip, a, 3, "integers");
  IntBounds b = int_bounds(ip, a, 0, 1, dtype, truthy_at(ip, a, 4, false));
  Size size = size_at(ip, a, 2);
  std::vector<int64_t> out(static_cast<size_t>(size.count()));
  SmallDraws pieces;  // a fresh word buffer for this call, as NumPy's fill has
  for (int64_t& v : out)
    v = static_cast<int64_t>(static_cast<uint64_t>(b.low) +
                             (dtype.bits >= 32 ? bounded_lemire(g, b.range) : bounded_small(g, b.range, dtype.bits, true, pieces)));
  return int_result(size, out, dtype.engine, a.where());
}

using GenFn = Value (*)(Interpreter&, const Value& self, const Args&);
struct GenMethod {
  const char* name;
  std::vector<std::string> params;
  size_t required;
  GenFn fn;
};

const std::vector<GenMethod>& generator_methods() {
  static const std::vector<GenMethod> table = {
      {"random", {"size", "dtype", "out"}, 0, [](Interpreter& ip, const Value& self, const Args& a) {
         Pcg64& g = bits_of(self);
         return float_sampler(ip, a, 0, 1, "random", [&] { return g.next_double(); }, [&] { return g.next_float(); });
       }},
      {"standard_normal", {"size", "dtype", "out"}, 0, [](Interpreter& ip, const Value& self, const Args& a) {
         Pcg64& g = bits_of(self);
         return float_sampler(ip, a, 0, 1, "standard_normal", [&] { return ziggurat_normal(g); },
                              [&] { return ziggurat_normal_f(g); });
       }},
      {"normal", {"loc", "scale", "size"}, 0, [](Interpreter& ip, const Value& self, const Args& a) {
         double loc = number_at(ip, a, 0, 0.0), scale = number_at(ip, a, 1, 1.0);
         if (scale < 0) raise(ErrorId::np_random_scale_negative, a.where());
         Size size = size_at(ip, a, 2);
         std::vector<double> v(static_cast<size_t>(size.count()));
         for (double& x : v) x = loc + scale * ziggurat_normal(bits_of(self));
         return float_result(size, v);
       }},
      {"uniform", {"low", "high", "size"}, 0, [](Interpreter& ip, const Value& self, const Args& a) {
         double low = number_at(ip, a, 0, 0.0), range = number_at(ip, a, 1, 1.0) - low;
         Size size = size_at(ip, a, 2);
         std::vector<double> v = doubles(bits_of(self), size.count());
         for (double& x : v) x = low + range * x;
         return float_result(size, v);
       }},
      {"integers", {"low", "high", "size", "dtype", "endpoint"}, 1, integers},
      {"binomial", {"n", "p", "size"}, 2, [](Interpreter& ip, const Value& self, const Args& a) {
         return binomial_draws(ip, bits_of(self), a);
       }},
      {"permutation", {"x", "axis"}, 1, permutation},
      {"shuffle", {"x", "axis"}, 1, [](Interpreter& ip, const Value& self, const Args& a) {
         if (a[0].is(ObjKind::Array) && a[0].as<ArrayObj>().numpy) {  // in place: permutation's draws
           ip.setitem(a[0], ellipsis_value(), permutation(ip, self, a), a.where());
           return Value::none();
         }
         Pcg64& g = bits_of(self);
         shuffle_list(shuffle_target(a[0], "rng", a.where()), [&](uint64_t i) { return random_interval(g, i); });
         return Value::none();
       }},
      {"choice", {"a", "size", "replace", "p", "axis", "shuffle"}, 1, choice},
  };
  return table;
}

const RecordType& generator_type() {
  static const RecordType t = [] {
    RecordType r;
    r.name = "Generator";
    // NumPy appends " at 0x<address>"; addresses never reach Rungs' output.
    r.repr = [](const RecordObj&, Interpreter&) { return std::string("Generator(PCG64)"); };
    for (const GenMethod& m : generator_methods())
      r.methods[m.name] = [&m](Interpreter& ip, const Value& self, CallArgs& c) {
        Args a(c, m.name, m.params, m.required);
        return m.fn(ip, self, a);
      };
    return r;
  }();
  return t;
}

}  // namespace

void add_generator_api(ModuleObj& m) {
  defn(m, "default_rng", {"seed"}, 0, default_rng);
  defn(m, "Generator", {"bit_generator"}, 1, [](Interpreter&, const Args& a) { return make_generator(a[0], a.where()); });
  defn(m, "PCG64", {"seed"}, 0, [](Interpreter& ip, const Args& a) { return make_pcg64(ip, a[0], a.where()); });
  defn(m, "SeedSequence", {"entropy"}, 0, [](Interpreter& ip, const Args& a) { return make_seed_sequence(ip, a[0], a.where()); });
  for (const char* type : {"Generator", "PCG64", "SeedSequence"}) mark_as_type(m, type);
}

}  // namespace rungs::jax::nprandom
