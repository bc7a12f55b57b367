// What RandomState (module_numpy_random.cpp) and Generator
// (numpy_random_generator.cpp) share: reading size= and dtype=, turning
// draws into NumPy's return values, and the sampling steps both choice()s
// use (probability checks, inverse-CDF lookup, a[idx]).
//
// Return values follow NumPy's rule "size=None gives a scalar": a Python
// float for float draws (float32 ones widened, as NumPy does) and a Python
// int for integer draws (NumPy gives
// an np.int64 there; printing and indexing behave the same), a NumPy array
// otherwise: float64 for float draws and int64 (or the dtype= asked for)
// for integer draws, as NumPy returns them.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/jax/module_jnp_parts.h"
#include "core/jax/numpy_bitgen.h"

namespace rungs::jax::nprandom {

// size=: None (one scalar) or a shape.
struct Size {
  bool scalar = true;
  Shape shape;
  int64_t count() const { return scalar ? 1 : array::num_elements(shape); }
};
// Both refuse a size the run's memory budget could not hold (MemoryError)
// before any draw, as creating the array would.
Size size_at(Interpreter& ip, const Args& a, size_t i);
// rand(d0, d1, ...) / randn(...): the dimensions as separate arguments.
Size size_from_dims(const Values& dims, SourceRange where);

// The same check for `elements` values drawn into a working buffer
// (permutation's arange(n), a partial shuffle of arange(pop)).
void check_room(int64_t elements, const Shape& shape);

// dtype= of the float samplers: true for float32, false for float64 (the
// default); anything else raises NumPy's "Unsupported dtype" TypeError.
// Dtype objects are read with NumPy's names (np.float64 is float64).
bool float32_requested(Interpreter& ip, const Args& a, size_t i, const char* method);

Value float_result(const Size& size, const std::vector<double>& values);
Value float32_result(const Size& size, const std::vector<float>& values);
// Values outside the dtype raise OverflowError.
Value int_result(const Size& size, const std::vector<int64_t>& values, DType dtype, SourceRange where);

// The integer dtypes the bounded-integer samplers accept (those NumPy
// draws 32- or 64-bit words for): the engine dtype and NumPy's name.
struct IntDtype {
  DType engine = DType::Int64;
  std::string numpy_name = "int64";
  int64_t min = INT64_MIN, max = INT64_MAX;
  int bits = 64;  // NumPy's draw width: 64/32 (whole words), 16, 8, 1 (pieces)
};
IntDtype int_dtype_at(Interpreter& ip, const Args& a, size_t i, std::string_view method);

// The `a` of choice / permutation: an int n (meaning arange(n)) or an
// array-like whose first axis is sampled.
struct Population {
  bool is_int = false;
  int64_t size = 0;
  array::Array values;  // when !is_int
};
Population population_at(Interpreter& ip, const Value& v, SourceRange where);
// a[idx] for an array population (idx has the result's shape), or idx itself.
Value take(const Population& pop, const std::vector<int64_t>& idx, const Size& size, SourceRange where);

// choice's p=: checked as NumPy checks it (same size as a, non-negative,
// sums to 1 within sqrt(eps)); `legacy` picks RandomState's wording.
std::vector<double> probabilities_at(Interpreter& ip, const Value& p, int64_t pop_size, bool legacy, SourceRange where);
// For each uniform u, the first index whose normalised cumulative
// probability exceeds u (cdf.searchsorted(u, side='right')).
std::vector<int64_t> inverse_cdf(const std::vector<double>& p, const std::vector<double>& uniforms);
// choice without replacement with p: repeated rounds of inverse-CDF draws,
// zeroing the chosen entries, keeping first occurrences (NumPy's loop).
std::vector<int64_t> weighted_sample_without_replacement(std::vector<double> p, int64_t count,
                                                         const std::function<std::vector<double>(int64_t)>& uniforms);

// Shuffles a Python list in place: for i from n-1 down to 1, swap item i
// with item draw(i) (draw returns an index in [0, i]).
void shuffle_list(ListObj& list, const std::function<uint64_t(uint64_t)>& draw);
// x of shuffle(): a list is shuffled in place; an engine array is refused
// (immutable, as in JAX) with a message pointing at permutation().
ListObj& shuffle_target(const Value& x, const char* owner, SourceRange where);

// 64-bit seeds: a Python int that must be non-negative, as words for
// SeedSequence / init_by_array.
std::vector<uint32_t> seed_words(Interpreter& ip, const Value& seed, SourceRange where);

}  // namespace rungs::jax::nprandom

namespace rungs::jax::nprandom {

// The bounds of randint / integers, checked as NumPy checks them: high
// defaults to low with low = 0, both must fit the dtype, the interval must
// not be empty. The result is the closed interval [low, low + range].
struct IntBounds {
  int64_t low = 0;
  uint64_t range = 0;
};
IntBounds int_bounds(Interpreter& ip, const Args& a, size_t low_i, size_t high_i, const IntDtype& dtype, bool endpoint);

// Makes the builtin m.attrs[name] a type for isinstance: records whose
// RecordType is named `name` are its instances.
void mark_as_type(ModuleObj& m, const std::string& name);

// binomial(n, p, size) of RandomState and Generator: scalars n and p,
// checked with NumPy's texts; int64 draws from `g`.
Value binomial_draws(Interpreter& ip, BitGenerator& g, const Args& a);

// Generator's names (numpy_random_generator.cpp): default_rng, Generator,
// PCG64, SeedSequence.
void add_generator_api(ModuleObj& m);

}  // namespace rungs::jax::nprandom
