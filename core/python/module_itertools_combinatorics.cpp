// itertools' combinatoric iterators: product, permutations, combinations and
// combinations_with_replacement. Each draws its pool(s) at once, as CPython
// does, then yields tuples lazily from an index vector, following the
// reference algorithms in CPython's itertools documentation (the same order,
// so a block-size sweep visits configurations in CPython's order).
#include <algorithm>

#include "core/python/c_args.h"
#include "core/python/library_iterators.h"
#include "core/python/host_memory.h"
#include "core/python/modules.h"
#include "core/python/value_ops.h"

namespace rungs::python {

namespace {

using Indices = std::vector<size_t>;

Value lib(Interpreter& ip, const std::string& name, Iterator next) {
  return library_iterator(ip, "itertools", name, std::move(next));
}

Value pick(const Values& pool, const Indices& idx, size_t count) {
  Values row;
  row.reserve(count);
  for (size_t i = 0; i < count; ++i) row.push_back(pool[idx[i]]);
  return make_tuple(std::move(row));
}

// product(*iterables, repeat=1): the odometer, rightmost wheel fastest.
Value product(Interpreter& ip, CallArgs& call) {
  int64_t repeat = 1;
  if (call.keywords.size() > 1)
    raise(ErrorId::c_at_most_keywords, call.where, "product", 1, "", call.keywords.size());
  for (const auto& [key, value] : call.keywords) {
    if (key != "repeat") raise(ErrorId::c_invalid_keyword, call.where, key, "product");
    repeat = to_index(value, call.where);
    if (repeat < 0) raise(ErrorId::itertools_repeat_negative, call.where);
  }
  std::vector<Values> distinct;
  for (const Value& v : call.positional) distinct.push_back(collect(ip, v, call.where));
  // product([...], repeat=10**9) is refused before building 10**9 pool references.
  if (!distinct.empty() && repeat > 0) {
    int64_t wheels = static_cast<int64_t>(distinct.size());
    check_host_alloc(repeat > INT64_MAX / (wheels * kValueBytes) ? INT64_MAX : repeat * wheels * kValueBytes);
  }
  auto pools = std::make_shared<std::vector<const Values*>>();
  auto owned = std::make_shared<std::vector<Values>>(std::move(distinct));
  for (int64_t r = 0; r < repeat; ++r)
    for (const Values& pool : *owned) pools->push_back(&pool);
  auto idx = std::make_shared<Indices>(pools->size(), 0);
  auto state = std::make_shared<int>(0);  // 0 first, 1 running, 2 done
  for (const Values* pool : *pools)
    if (pool->empty()) *state = 2;
  return lib(ip, "product", [owned, pools, idx, state](Value& out) {
    if (*state == 2) return false;
    if (*state == 1) {
      size_t i = idx->size();
      while (i > 0 && ++(*idx)[i - 1] == (*pools)[i - 1]->size()) (*idx)[--i] = 0;
      if (i == 0) return (*state = 2), false;
    }
    *state = 1;
    Values row;
    for (size_t i = 0; i < idx->size(); ++i) row.push_back((*(*pools)[i])[(*idx)[i]]);
    out = make_tuple(std::move(row));
    return true;
  });
}

// r for combinations: an index (CPython converts it before reading the pool).
int64_t read_r(const Value& v, SourceRange where) {
  int64_t r = to_index(v, where);
  if (r < 0) raise(ErrorId::itertools_r_negative, where);
  return r;
}

// combinations(iterable, r): r-length subsequences in lexicographic index order.
Value combinations(Interpreter& ip, CallArgs& call) {
  CArgs a(call, "combinations", {"iterable", "r"}, 2, CArgs::Style::Clinic);
  size_t r = static_cast<size_t>(read_r(a[1], call.where));
  auto pool = std::make_shared<Values>(collect(ip, a[0], call.where));
  size_t n = pool->size();
  auto state = std::make_shared<int>(r > n ? 2 : 0);
  auto idx = std::make_shared<Indices>(r > n ? 0 : r);  // r may be huge when it exceeds n
  for (size_t i = 0; i < idx->size(); ++i) (*idx)[i] = i;
  return lib(ip, "combinations", [pool, idx, state, n, r](Value& out) {
    if (*state == 2) return false;
    if (*state == 1) {
      size_t i = r;
      while (i > 0 && (*idx)[i - 1] == i - 1 + n - r) --i;  // rightmost index not at its maximum
      if (i == 0) return (*state = 2), false;
      ++(*idx)[i - 1];
      for (size_t j = i; j < r; ++j) (*idx)[j] = (*idx)[j - 1] + 1;
    }
    *state = 1;
    out = pick(*pool, *idx, r);
    return true;
  });
}

// combinations_with_replacement(iterable, r): non-decreasing index tuples.
Value combinations_with_replacement(Interpreter& ip, CallArgs& call) {
  CArgs a(call, "combinations_with_replacement", {"iterable", "r"}, 2, CArgs::Style::Clinic);
  size_t r = static_cast<size_t>(read_r(a[1], call.where));
  auto pool = std::make_shared<Values>(collect(ip, a[0], call.where));
  size_t n = pool->size();
  auto state = std::make_shared<int>(n == 0 && r > 0 ? 2 : 0);
  // Every tuple has r items: refuse an r that could never be built.
  if (*state == 0) check_host_alloc(static_cast<int64_t>(std::min<size_t>(r, INT64_MAX / kValueBytes)) * kValueBytes);
  auto idx = std::make_shared<Indices>(*state == 0 ? r : 0, 0);
  return lib(ip, "combinations_with_replacement", [pool, idx, state, n, r](Value& out) {
    if (*state == 2) return false;
    if (*state == 1) {
      size_t i = r;
      while (i > 0 && (*idx)[i - 1] == n - 1) --i;
      if (i == 0) return (*state = 2), false;
      size_t v = (*idx)[i - 1] + 1;
      for (size_t j = i - 1; j < r; ++j) (*idx)[j] = v;
    }
    *state = 1;
    out = pick(*pool, *idx, r);
    return true;
  });
}

// permutations(iterable, r=None): CPython's indices/cycles algorithm, so the
// order is lexicographic in the pool's positions.
Value permutations(Interpreter& ip, CallArgs& call) {
  CArgs a(call, "permutations", {"iterable", "r"}, 1, CArgs::Style::Parse);
  auto pool = std::make_shared<Values>(collect(ip, a[0], call.where));
  size_t n = pool->size(), r = n;
  if (!a[1].is_none()) {
    if (!is_int_like(a[1])) raise(ErrorId::itertools_r_type, call.where);
    if (a[1].as_int() < 0) raise(ErrorId::itertools_r_negative, call.where);
    r = static_cast<size_t>(a[1].as_int());
  }
  auto idx = std::make_shared<Indices>(n);
  for (size_t i = 0; i < n; ++i) (*idx)[i] = i;
  auto cycles = std::make_shared<Indices>();
  for (size_t i = 0; i < r && i < n; ++i) cycles->push_back(n - i);
  auto state = std::make_shared<int>(r > n ? 2 : 0);
  return lib(ip, "permutations", [pool, idx, cycles, state, n, r](Value& out) {
    if (*state == 2) return false;
    if (*state == 1) {
      size_t i = r;
      for (; i > 0; --i) {
        size_t k = i - 1;
        if (--(*cycles)[k] == 0) {
          std::rotate(idx->begin() + static_cast<std::ptrdiff_t>(k), idx->begin() + static_cast<std::ptrdiff_t>(k) + 1,
                      idx->end());
          (*cycles)[k] = n - k;
        } else {
          std::swap((*idx)[k], (*idx)[n - (*cycles)[k]]);
          break;
        }
      }
      if (i == 0) return (*state = 2), false;
    }
    *state = 1;
    out = pick(*pool, *idx, r);
    return true;
  });
}

}  // namespace

void add_itertools_combinatorics(Interpreter&, ModuleObj& m) {
  def(m, "product", product);
  def(m, "combinations", combinations);
  def(m, "combinations_with_replacement", combinations_with_replacement);
  def(m, "permutations", permutations);
}

}  // namespace rungs::python
