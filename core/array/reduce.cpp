// Reductions (lax.reduce_sum/prod/max/min/and/or, argmax/argmin) and the
// cumulative ops. Every reduction is brought to the layout (outer, R, inner):
// reduced axes that form one contiguous block are reduced in place, others
// are first moved to the back by a transpose. The inner dimension is then a
// contiguous vector of accumulators, so axis-0 sums vectorise too.
// Float sums and products accumulate in double and round once (see ops.h).
#include <algorithm>
#include <cmath>
#include <numeric>

#include "core/array/dispatch.h"
#include "core/array/ops.h"
#include "core/errors/error.h"

namespace rungs::array {

using namespace detail;

namespace {

const char* reduce_name(ReduceOp op) {
  switch (op) {
    case ReduceOp::Sum: return "sum";
    case ReduceOp::Prod: return "prod";
    case ReduceOp::Max: return "max";
    case ReduceOp::Min: return "min";
    case ReduceOp::And: return "and";
    case ReduceOp::Or: return "or";
    case ReduceOp::ArgMax: return "argmax";
    case ReduceOp::ArgMin: return "argmin";
  }
  return "?";
}

// Accumulator policy per (op, element tag).
template <typename Tag, ReduceOp Op>
struct Acc {
  using C = typename Elem<Tag>::C;
  // Float sum/prod in double; ints in a wide unsigned (wraps when truncated).
  using A = std::conditional_t<kIsFloat<Tag>, double,
                               std::conditional_t<(Op == ReduceOp::Sum || Op == ReduceOp::Prod), uint64_t, C>>;
  static A identity() {
    if constexpr (Op == ReduceOp::Sum) {
      return A(0);
    } else if constexpr (Op == ReduceOp::Prod) {
      return A(1);
    } else if constexpr (Op == ReduceOp::Max) {
      if constexpr (kIsFloat<Tag>) return -INFINITY;
      else return std::numeric_limits<C>::lowest();
    } else if constexpr (Op == ReduceOp::Min) {
      if constexpr (kIsFloat<Tag>) return INFINITY;
      else if constexpr (kIsBool<Tag>) return A(1);
      else return std::numeric_limits<C>::max();
    } else if constexpr (Op == ReduceOp::And) {
      if constexpr (kIsBool<Tag>) return A(1);
      else return static_cast<A>(~C(0));
    } else {
      return A(0);
    }
  }
  static A step(A acc, C v) {
    if constexpr (Op == ReduceOp::Sum) {
      if constexpr (kIsFloat<Tag>) return acc + static_cast<double>(v);
      else return acc + static_cast<uint64_t>(static_cast<int64_t>(v));
    } else if constexpr (Op == ReduceOp::Prod) {
      if constexpr (kIsFloat<Tag>) return acc * static_cast<double>(v);
      else return acc * static_cast<uint64_t>(static_cast<int64_t>(v));
    } else if constexpr (Op == ReduceOp::Max) {
      if constexpr (kIsFloat<Tag>) return (acc != acc || v != v) ? NAN : (v > acc ? v : acc);
      else return v > acc ? v : acc;
    } else if constexpr (Op == ReduceOp::Min) {
      if constexpr (kIsFloat<Tag>) return (acc != acc || v != v) ? NAN : (v < acc ? v : acc);
      else return v < acc ? v : acc;
    } else if constexpr (Op == ReduceOp::And) {
      return static_cast<A>(acc & v);
    } else {
      return static_cast<A>(acc | v);
    }
  }
  static typename Elem<Tag>::S finish(A acc) {
    if constexpr (kIsFloat<Tag>) {
      return store<Tag>(static_cast<C>(acc));  // halves: C is float
    } else if constexpr (kIsBool<Tag>) {
      return acc != 0;
    } else {
      using U = std::make_unsigned_t<C>;
      return static_cast<C>(static_cast<U>(acc));
    }
  }
};

// Reduces x viewed as (outer, R, inner) into out (outer, inner).
template <typename Tag, ReduceOp Op>
void reduce_block(const typename Elem<Tag>::S* x, typename Elem<Tag>::S* out, int64_t outer, int64_t R,
                  int64_t inner) {
  using P = Acc<Tag, Op>;
  using A = typename P::A;
  if (inner == 1) {
    for (int64_t o = 0; o < outer; ++o) {
      const auto* row = x + o * R;
      A acc = P::identity();
      for (int64_t r = 0; r < R; ++r) acc = P::step(acc, load<Tag>(row[r]));
      out[o] = P::finish(acc);
    }
    return;
  }
  std::vector<A> acc(static_cast<size_t>(inner));
  for (int64_t o = 0; o < outer; ++o) {
    std::fill(acc.begin(), acc.end(), P::identity());
    for (int64_t r = 0; r < R; ++r) {
      const auto* row = x + (o * R + r) * inner;
      for (int64_t i = 0; i < inner; ++i) acc[static_cast<size_t>(i)] = P::step(acc[static_cast<size_t>(i)], load<Tag>(row[i]));
    }
    for (int64_t i = 0; i < inner; ++i) out[o * inner + i] = P::finish(acc[static_cast<size_t>(i)]);
  }
}

// Arg-reductions over (outer, R, inner); NaN counts as the extreme and the
// first occurrence wins (lax.argmax's comparator).
template <typename Tag, bool IsMax>
void arg_block(const typename Elem<Tag>::S* x, int64_t* out, int64_t outer, int64_t R, int64_t inner) {
  using C = typename Elem<Tag>::C;
  for (int64_t o = 0; o < outer; ++o) {
    for (int64_t i = 0; i < inner; ++i) {
      const auto* p = x + o * R * inner + i;
      C best = load<Tag>(p[0]);
      int64_t best_i = 0;
      for (int64_t r = 1; r < R; ++r) {
        C v = load<Tag>(p[r * inner]);
        bool take;
        if constexpr (kIsFloat<Tag>) {
          if (best != best) break;  // a NaN already won
          take = (v != v) || (IsMax ? v > best : v < best);
        } else {
          take = IsMax ? v > best : v < best;
        }
        if (take) {
          best = v;
          best_i = r;
        }
      }
      out[o * inner + i] = best_i;
    }
  }
}

// Moves `axes` (sorted) to the back if they are not one contiguous block;
// returns the (outer, R, inner) sizes of the resulting layout.
Array to_block_layout(const Array& x, const std::vector<int>& axes, int64_t& outer, int64_t& R, int64_t& inner) {
  const int r = x.rank();
  bool contiguous = axes.empty() || axes.back() - axes.front() + 1 == static_cast<int>(axes.size());
  Array y = x;
  std::vector<int> order;
  if (!contiguous) {
    for (int d = 0; d < r; ++d) {
      if (!std::binary_search(axes.begin(), axes.end(), d)) order.push_back(d);
    }
    order.insert(order.end(), axes.begin(), axes.end());
    y = transpose(x, order);
  }
  const Shape& s = y.shape();
  int first = contiguous ? (axes.empty() ? r : axes.front()) : r - static_cast<int>(axes.size());
  int last = first + static_cast<int>(axes.size());
  outer = R = inner = 1;
  for (int d = 0; d < first; ++d) outer *= s[static_cast<size_t>(d)];
  for (int d = first; d < last; ++d) R *= s[static_cast<size_t>(d)];
  for (int d = last; d < r; ++d) inner *= s[static_cast<size_t>(d)];
  return y;
}

}  // namespace

Array reduce(ReduceOp op, const Array& x, const std::vector<int>& axes, DType index_dtype) {
  std::vector<int> ax = canonical_axes(axes, x.rank());
  Shape out_shape;
  for (int d = 0; d < x.rank(); ++d) {
    if (!std::binary_search(ax.begin(), ax.end(), d)) out_shape.push_back(x.shape()[static_cast<size_t>(d)]);
  }
  const DType t = x.dtype();
  const bool is_arg = op == ReduceOp::ArgMax || op == ReduceOp::ArgMin;
  if (is_arg) {
    if (ax.size() != 1) raise_here(ErrorId::argmax_axes, reduce_name(op), axes_str(axes));
    if (x.shape()[static_cast<size_t>(ax[0])] == 0) raise_here(ErrorId::argmax_empty, reduce_name(op));
  }
  if ((op == ReduceOp::And || op == ReduceOp::Or) && is_float(t)) {
    raise_here(ErrorId::op_dtype, op == ReduceOp::And ? "reduce_and" : "reduce_or", dtype_name(t), "bool, integer");
  }
  int64_t outer, R, inner;
  Array y = to_block_layout(x, ax, outer, R, inner);
  if (is_arg) {
    std::vector<int64_t> idx(static_cast<size_t>(outer * inner));
    visit_dtype(t, [&](auto tag) {
      using Tag = decltype(tag);
      const auto* p = y.data<typename Elem<Tag>::S>();
      if (op == ReduceOp::ArgMax) arg_block<Tag, true>(p, idx.data(), outer, R, inner);
      else arg_block<Tag, false>(p, idx.data(), outer, R, inner);
    });
    return Array::from_ints(index_dtype, out_shape, idx);
  }
  Array out = Array::uninitialized(t, out_shape);
  visit_dtype(t, [&](auto tag) {
    using Tag = decltype(tag);
    using S = typename Elem<Tag>::S;
    const S* p = y.data<S>();
    S* o = out.mutable_data<S>();
    switch (op) {
      case ReduceOp::Sum:
        if constexpr (kIsBool<Tag>) reduce_block<Tag, ReduceOp::Or>(p, o, outer, R, inner);
        else reduce_block<Tag, ReduceOp::Sum>(p, o, outer, R, inner);
        break;
      case ReduceOp::Prod:
        if constexpr (kIsBool<Tag>) reduce_block<Tag, ReduceOp::And>(p, o, outer, R, inner);
        else reduce_block<Tag, ReduceOp::Prod>(p, o, outer, R, inner);
        break;
      case ReduceOp::Max: reduce_block<Tag, ReduceOp::Max>(p, o, outer, R, inner); break;
      case ReduceOp::Min: reduce_block<Tag, ReduceOp::Min>(p, o, outer, R, inner); break;
      case ReduceOp::And:
        if constexpr (!kIsFloat<Tag>) reduce_block<Tag, ReduceOp::And>(p, o, outer, R, inner);
        break;
      case ReduceOp::Or:
        if constexpr (!kIsFloat<Tag>) reduce_block<Tag, ReduceOp::Or>(p, o, outer, R, inner);
        break;
      default: break;
    }
  });
  return out.with_weak_type(x.weak_type());
}

Array cumulative(ReduceOp op, const Array& x, int axis, bool reverse) {
  if (op != ReduceOp::Sum && op != ReduceOp::Prod && op != ReduceOp::Max && op != ReduceOp::Min) {
    raise_here(ErrorId::cumulative_op, reduce_name(op));
  }
  const int ax = canonicalize_axis(axis, x.rank());
  int64_t outer = 1, n = x.shape()[static_cast<size_t>(ax)], inner = 1;
  for (int d = 0; d < ax; ++d) outer *= x.shape()[static_cast<size_t>(d)];
  for (int d = ax + 1; d < x.rank(); ++d) inner *= x.shape()[static_cast<size_t>(d)];
  Array out = Array::uninitialized(x.dtype(), x.shape());
  visit_dtype(x.dtype(), [&](auto tag) {
    using Tag = decltype(tag);
    using S = typename Elem<Tag>::S;
    auto run = [&](auto policy) {
      using P = decltype(policy);
      using A = typename P::A;
      const S* p = x.data<S>();
      S* o = out.mutable_data<S>();
      std::vector<A> acc(static_cast<size_t>(inner));
      for (int64_t b = 0; b < outer; ++b) {
        std::fill(acc.begin(), acc.end(), P::identity());
        for (int64_t k = 0; k < n; ++k) {
          const int64_t j = reverse ? n - 1 - k : k;
          const int64_t base = (b * n + j) * inner;
          for (int64_t i = 0; i < inner; ++i) {
            A& a = acc[static_cast<size_t>(i)];
            a = P::step(a, load<Tag>(p[base + i]));
            o[base + i] = P::finish(a);
          }
        }
      }
    };
    if constexpr (kIsBool<Tag>) {
      if (op == ReduceOp::Sum || op == ReduceOp::Max) run(Acc<Tag, ReduceOp::Or>{});
      else run(Acc<Tag, ReduceOp::And>{});
    } else {
      switch (op) {
        case ReduceOp::Sum: run(Acc<Tag, ReduceOp::Sum>{}); break;
        case ReduceOp::Prod: run(Acc<Tag, ReduceOp::Prod>{}); break;
        case ReduceOp::Max: run(Acc<Tag, ReduceOp::Max>{}); break;
        default: run(Acc<Tag, ReduceOp::Min>{}); break;
      }
    }
  });
  return out.with_weak_type(x.weak_type());
}

}  // namespace rungs::array
