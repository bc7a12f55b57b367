// CPython's hash functions for deterministic values (py_hash.h).
#include "core/python/py_hash.h"

#include <cmath>

#include "core/python/int_value.h"
#include "core/python/nesting.h"
#include "core/python/objects.h"

namespace rungs::python {

namespace {

// Objects/tupleobject.c: tuplehash, xxHash's round over the items' hashes.
std::optional<int64_t> tuple_hash(const Values& items) {
  constexpr uint64_t kPrime1 = 11400714785074694791ULL;
  constexpr uint64_t kPrime2 = 14029467366897019727ULL;
  constexpr uint64_t kPrime5 = 2870177450012600261ULL;
  uint64_t acc = kPrime5;
  NestingGuard guard(ErrorId::max_recursion);
  for (const Value& item : items) {
    std::optional<int64_t> lane = cpython_hash(item);
    if (!lane) return std::nullopt;
    acc += static_cast<uint64_t>(*lane) * kPrime2;
    acc = (acc << 31) | (acc >> 33);
    acc *= kPrime1;
  }
  acc += static_cast<uint64_t>(items.size()) ^ (kPrime5 ^ 3527539ULL);
  if (acc == static_cast<uint64_t>(-1)) return 1546275796;
  return static_cast<int64_t>(acc);
}

// Objects/setobject.c: frozenset_hash, an order-free xor of the elements'
// shuffled hashes (the empty and dummy slots it also folds in cancel out).
std::optional<int64_t> frozenset_hash(const SetObj& s) {
  auto shuffle = [](uint64_t h) { return ((h ^ 89869747ULL) ^ (h << 16)) * 3644798167ULL; };
  uint64_t hash = 0;
  for (const Value& item : s.items) {
    std::optional<int64_t> h = cpython_hash(item);
    if (!h) return std::nullopt;
    hash ^= shuffle(static_cast<uint64_t>(*h));
  }
  hash ^= (static_cast<uint64_t>(s.items.size()) + 1) * 1927868237ULL;
  hash ^= (hash >> 11) ^ (hash >> 25);
  hash = hash * 69069ULL + 907133923ULL;
  if (hash == static_cast<uint64_t>(-1)) hash = 590923713ULL;
  return static_cast<int64_t>(hash);
}

}  // namespace

std::optional<int64_t> cpython_hash(const Value& v) {
  if (is_integer(v)) return int_hash(v);
  if (v.is_float()) {
    if (std::isnan(v.as_float())) return std::nullopt;
    return float_hash(v.as_float());
  }
  if (v.is(ObjKind::Tuple)) return tuple_hash(v.as<TupleObj>().items);  // named tuples hash as tuples
  if (v.is(ObjKind::Set) && v.as<SetObj>().frozen) return frozenset_hash(v.as<SetObj>());
  return std::nullopt;
}

}  // namespace rungs::python
