// Binary element-wise ops (lax.add, lax.div, comparisons, ...). One typed
// loop per (op, dtype), with broadcasting done by the run planner: equal
// shapes and scalar operands take flat loops, anything else runs over
// contiguous-or-stride-0 inner runs. Integer arithmetic wraps (computed in
// unsigned types, so UBSan stays quiet) and division follows XLA on CPU.
#include <cmath>

#include "core/array/dispatch.h"
#include "core/array/ops.h"
#include "core/errors/error.h"

namespace rungs::array {

using namespace detail;

namespace {

template <typename C>
using WrapT = std::conditional_t<(sizeof(C) < 4), uint32_t, std::make_unsigned_t<C>>;

template <typename C>
inline C wadd(C a, C b) { return static_cast<C>(static_cast<WrapT<C>>(a) + static_cast<WrapT<C>>(b)); }
template <typename C>
inline C wsub(C a, C b) { return static_cast<C>(static_cast<WrapT<C>>(a) - static_cast<WrapT<C>>(b)); }
template <typename C>
inline C wmul(C a, C b) { return static_cast<C>(static_cast<WrapT<C>>(a) * static_cast<WrapT<C>>(b)); }

// XLA CPU integer division: x / 0 = -1 (all ones), INT_MIN / -1 = INT_MIN.
template <typename C>
inline C idiv(C a, C b) {
  if (b == 0) return static_cast<C>(-1);
  if constexpr (std::is_signed_v<C>) {
    if (b == -1) return wsub<C>(0, a);
  }
  return static_cast<C>(a / b);
}
// XLA CPU integer remainder: x % 0 = x, INT_MIN % -1 = 0.
template <typename C>
inline C irem(C a, C b) {
  if (b == 0) return a;
  if constexpr (std::is_signed_v<C>) {
    if (b == -1) return 0;
  }
  return static_cast<C>(a % b);
}
template <typename C>
inline int isign(C v) { return v > 0 ? 1 : v < 0 ? -1 : 0; }

// jnp.floor_divide on ints: div, minus one where signs differ and the
// remainder is nonzero (so x // 0 is -2 for x != 0, as in JAX on CPU).
template <typename C>
inline C ifloordiv(C a, C b) {
  if constexpr (std::is_unsigned_v<C>) {
    return idiv(a, b);
  } else {
    C q = idiv(a, b);
    return (isign(a) != isign(b) && irem(a, b) != 0) ? wsub<C>(q, 1) : q;
  }
}
// jnp.remainder on ints: a zero divisor is replaced by 1 (so x % 0 == 0).
template <typename C>
inline C imod(C a, C b) {
  if (b == 0) b = 1;
  C r = irem(a, b);
  if constexpr (std::is_signed_v<C>) {
    if (r != 0 && ((r < 0) != (b < 0))) r = wadd(r, b);
  }
  return r;
}

// Integer power by squaring with wrap; negative exponents follow XLA:
// 1 for base 1, +-1 for base -1, 0 otherwise.
template <typename C>
inline C ipow(C base, C exp) {
  if constexpr (std::is_signed_v<C>) {
    if (exp < 0) {
      if (base == 1) return 1;
      if (base == -1) return (exp & 1) ? C(-1) : C(1);
      return 0;
    }
  }
  C acc = 1;
  using U = std::make_unsigned_t<C>;
  for (U e = static_cast<U>(exp); e; e >>= 1) {
    if (e & 1) acc = wmul(acc, base);
    base = wmul(base, base);
  }
  return acc;
}

// Shifts: the amount is read as unsigned; past the width gives 0 (left,
// logical) or the sign fill (arithmetic), as XLA defines.
template <typename C>
inline C shl(C a, C b) {
  using U = std::make_unsigned_t<C>;
  U amt = static_cast<U>(b);
  if (amt >= sizeof(C) * 8) return 0;
  return static_cast<C>(static_cast<WrapT<C>>(static_cast<U>(a)) << amt);
}
template <typename C>
inline C shr_logical(C a, C b) {
  using U = std::make_unsigned_t<C>;
  U amt = static_cast<U>(b);
  if (amt >= sizeof(C) * 8) return 0;
  return static_cast<C>(static_cast<U>(a) >> amt);
}
template <typename C>
inline C shr_arith(C a, C b) {
  using U = std::make_unsigned_t<C>;
  using S = std::make_signed_t<C>;
  U amt = static_cast<U>(b);
  S sa = static_cast<S>(a);
  if (amt >= sizeof(C) * 8) return static_cast<C>(sa < 0 ? S(-1) : S(0));
  return static_cast<C>(static_cast<S>(sa >> amt));
}

// NaN-propagating max/min as one select each, so the loops vectorise: a
// NaN in `a` is picked by the `a != a` test, a NaN in `b` by falling through.
template <typename F>
inline F fmax_nan(F a, F b) { return (a > b || a != a) ? a : b; }
template <typename F>
inline F fmin_nan(F a, F b) { return (a < b || a != a) ? a : b; }

// nextafter in the element type's own representation (halves included).
template <typename Tag, typename F>
inline F next_after(F a, F b) {
  if constexpr (std::is_same_v<Tag, float> || std::is_same_v<Tag, double>) {
    return std::nextafter(a, b);
  } else if constexpr (kIsNarrowFloat<Tag>) {
    // Encodings differ per format (fnuz has no -0, e8m0 no sign): take the
    // nearest of the 256 values in b's direction.
    if (a != a || b != b) return a + b;
    if (a == b) return b;
    const bool up = b > a;
    F best = up ? INFINITY : -INFINITY;
    for (int bits = 0; bits < 256; ++bits) {
      const F v = load<Tag>(static_cast<uint8_t>(bits));
      if (up ? (v > a && v < best) : (v < a && v > best)) best = v;
    }
    return best;
  } else {
    if (a != a || b != b) return a + b;
    if (a == b) return b;
    uint16_t bits = store<Tag>(a);
    if (a == 0) {
      bits = static_cast<uint16_t>(b > 0 ? 0x0001 : 0x8001);
    } else if ((a < b) == (a > 0)) {
      ++bits;  // away from zero
    } else {
      --bits;
    }
    return load<Tag>(bits);
  }
}

// jnp.floor_divide / jnp.remainder on floats (_float_divmod), each lax step
// rounded to the element type as XLA would.
template <typename Tag, typename F>
inline F ffloordiv(F a, F b) {
  F mod = round_to<Tag>(std::fmod(a, b));
  F div = round_to<Tag>(round_to<Tag>(a - mod) / b);
  bool ind = mod != 0 && ((b > 0) - (b < 0)) != ((mod > 0) - (mod < 0));
  if (ind) div = round_to<Tag>(div - F(1));
  return std::round(div);
}
template <typename Tag, typename F>
inline F fmod_py(F a, F b) {
  F r = round_to<Tag>(std::fmod(a, b));
  if (r != 0 && ((r < 0) != (b < 0))) r = round_to<Tag>(r + b);
  return r;
}

// ---- the loop

template <typename In, typename Out, typename F>
inline void run_loop(typename Elem<Out>::S* o, const typename Elem<In>::S* a, int64_t sa,
                     const typename Elem<In>::S* b, int64_t sb, int64_t n, F f) {
  // Separate loops per stride pattern so each one vectorises.
  if (sa == 1 && sb == 1) {
    for (int64_t i = 0; i < n; ++i) o[i] = store<Out>(f(load<In>(a[i]), load<In>(b[i])));
  } else if (sa == 1) {
    const auto bv = load<In>(b[0]);
    for (int64_t i = 0; i < n; ++i) o[i] = store<Out>(f(load<In>(a[i]), bv));
  } else if (sb == 1) {
    const auto av = load<In>(a[0]);
    for (int64_t i = 0; i < n; ++i) o[i] = store<Out>(f(av, load<In>(b[i])));
  } else {
    const auto r = store<Out>(f(load<In>(a[0]), load<In>(b[0])));
    for (int64_t i = 0; i < n; ++i) o[i] = r;
  }
}

// In-place forms of the flat loops, for a result that took over an operand's
// storage: one pointer for both, so nothing stops them vectorising.
template <typename T, typename F>
inline void run_loop_into_a(typename Elem<T>::S* o, const typename Elem<T>::S* b, int64_t sb, int64_t n, F f) {
  if (sb == 1) {
    for (int64_t i = 0; i < n; ++i) o[i] = store<T>(f(load<T>(o[i]), load<T>(b[i])));
  } else {
    const auto bv = load<T>(b[0]);
    for (int64_t i = 0; i < n; ++i) o[i] = store<T>(f(load<T>(o[i]), bv));
  }
}
template <typename T, typename F>
inline void run_loop_into_b(typename Elem<T>::S* o, const typename Elem<T>::S* a, int64_t sa, int64_t n, F f) {
  if (sa == 1) {
    for (int64_t i = 0; i < n; ++i) o[i] = store<T>(f(load<T>(a[i]), load<T>(o[i])));
  } else {
    const auto av = load<T>(a[0]);
    for (int64_t i = 0; i < n; ++i) o[i] = store<T>(f(av, load<T>(o[i])));
  }
}

// Operands binary_consuming() owns: the result may take over the storage
// of one that nothing else holds and already has the result's dtype and
// shape (then the loop runs in place).
struct Donors {
  Array* a = nullptr;
  Array* b = nullptr;
};

bool can_take(const Array* x, DType dtype, const Shape& shape) {
  return x && x->size() > 0 && x->uniquely_owned() && x->dtype() == dtype && x->shape() == shape;
}

template <typename In, typename Out, typename F>
Array map2(const Array& a, const Array& b, DType out_dtype, bool weak, Donors donors, F f) {
  Shape shape = a.shape() == b.shape() ? a.shape() : broadcast_shapes(a.shape(), b.shape());
  const auto* pa = a.data<typename Elem<In>::S>();
  const auto* pb = b.data<typename Elem<In>::S>();
  const int64_t na = a.size(), nb = b.size();
  const bool same = a.shape() == b.shape();
  // In place only for float32 (kernels' arithmetic): the extra loops for
  // every op of every dtype would cost wasm code size for little gain.
  if constexpr (std::is_same_v<In, float> && std::is_same_v<Out, float>) {
    // Only the flat cases (equal shapes, or a scalar operand) run in place.
    // `a`/`b` may be the donors themselves: everything needed from them was
    // read above, before the move.
    const bool flat = same || na == 1 || nb == 1;
    if (flat && can_take(donors.a, out_dtype, shape)) {
      Array out = std::move(*donors.a);
      auto* po = out.mutable_data<typename Elem<Out>::S>();  // uniquely owned: no copy
      run_loop_into_a<In>(po, pb, same ? 1 : 0, out.size(), f);
      return out.with_weak_type(weak);
    }
    if (flat && can_take(donors.b, out_dtype, shape)) {
      Array out = std::move(*donors.b);
      auto* po = out.mutable_data<typename Elem<Out>::S>();
      run_loop_into_b<In>(po, pa, same ? 1 : 0, out.size(), f);
      return out.with_weak_type(weak);
    }
  }
  Array out = Array::uninitialized(out_dtype, shape);
  auto* po = out.mutable_data<typename Elem<Out>::S>();
  const int64_t n = out.size();
  if (n == 0) return out.with_weak_type(weak);
  if (same) {
    run_loop<In, Out>(po, pa, 1, pb, 1, n, f);
  } else if (na == 1 && nb == n) {
    run_loop<In, Out>(po, pa, 0, pb, 1, n, f);
  } else if (nb == 1 && na == n) {
    run_loop<In, Out>(po, pa, 1, pb, 0, n, f);
  } else {
    LoopPlan<2> plan = plan_broadcast<2>(shape, {&a.shape(), &b.shape()});
    for_each_run<2>(plan, n, [&](int64_t oo, const std::array<int64_t, 2>& off, int64_t inner,
                                 const std::array<int64_t, 2>& st) {
      run_loop<In, Out>(po + oo, pa + off[0], st[0], pb + off[1], st[1], inner, f);
    });
  }
  return out.with_weak_type(weak);
}

template <typename Tag, typename F>
Array compare(const Array& a, const Array& b, F f) {
  return map2<Tag, BoolTag>(a, b, DType::Bool, false, Donors{}, [f](auto x, auto y) -> uint8_t { return f(x, y) ? 1 : 0; });
}

// The float kernels of binary(), as `run(f)` (f: F, F -> F, where F is
// float, or double for float64); `missing()` for ops floats do not have.
// Shared by binary() and binary_f32_span() so both compute the same bits.
template <typename Tag, typename Run, typename Missing>
auto with_float_binary(BinaryOp op, Run run, Missing missing) {
  using F = std::conditional_t<kIsDouble<Tag>, double, float>;
  switch (op) {
    case BinaryOp::Add: return run([](F x, F y) { return x + y; });
    case BinaryOp::Sub: return run([](F x, F y) { return x - y; });
    case BinaryOp::Mul: return run([](F x, F y) { return x * y; });
    case BinaryOp::Div: return run([](F x, F y) { return x / y; });
    case BinaryOp::Rem: return run([](F x, F y) { return std::fmod(x, y); });
    case BinaryOp::FloorDiv: return run([](F x, F y) { return ffloordiv<Tag>(x, y); });
    case BinaryOp::Mod: return run([](F x, F y) { return fmod_py<Tag>(x, y); });
    case BinaryOp::Pow: return run([](F x, F y) {
          return static_cast<F>(std::pow(static_cast<double>(x), static_cast<double>(y)));
        });
    case BinaryOp::Max: return run([](F x, F y) { return fmax_nan(x, y); });
    case BinaryOp::Min: return run([](F x, F y) { return fmin_nan(x, y); });
    case BinaryOp::Atan2: return run([](F x, F y) {
          return static_cast<F>(std::atan2(static_cast<double>(x), static_cast<double>(y)));
        });
    case BinaryOp::NextAfter: return run([](F x, F y) { return next_after<Tag>(x, y); });
    default: break;
  }
  return missing();
}

// Named kernels are passed wrapped in lambdas: a function pointer would not
// be inlined into the loop (and the loop would not vectorise).
template <typename Tag>
Array binary_typed(BinaryOp op, const Array& a, const Array& b, bool weak, Donors d) {
  using C = typename Elem<Tag>::C;
  const DType t = a.dtype();
  switch (op) {
    case BinaryOp::Eq: return compare<Tag>(a, b, [](C x, C y) { return x == y; });
    case BinaryOp::Ne: return compare<Tag>(a, b, [](C x, C y) { return x != y; });
    case BinaryOp::Lt: return compare<Tag>(a, b, [](C x, C y) { return x < y; });
    case BinaryOp::Le: return compare<Tag>(a, b, [](C x, C y) { return x <= y; });
    case BinaryOp::Gt: return compare<Tag>(a, b, [](C x, C y) { return x > y; });
    case BinaryOp::Ge: return compare<Tag>(a, b, [](C x, C y) { return x >= y; });
    default: break;
  }
  if constexpr (kIsFloat<Tag>) {
    return with_float_binary<Tag>(
        op, [&](auto f) { return map2<Tag, Tag>(a, b, t, weak, d, f); },
        []() -> Array { raise_here(ErrorId::internal_error, "binary op/dtype combination"); });
  } else if constexpr (kIsBool<Tag>) {
    switch (op) {
      case BinaryOp::Add:  // jnp semantics: logical or / and
      case BinaryOp::Or:
      case BinaryOp::Max: return map2<Tag, Tag>(a, b, t, weak, d, [](C x, C y) -> C { return x | y; });
      case BinaryOp::Mul:
      case BinaryOp::And:
      case BinaryOp::Min: return map2<Tag, Tag>(a, b, t, weak, d, [](C x, C y) -> C { return x & y; });
      case BinaryOp::Xor: return map2<Tag, Tag>(a, b, t, weak, d, [](C x, C y) -> C { return x ^ y; });
      default: break;
    }
  } else {
    switch (op) {
      case BinaryOp::Add: return map2<Tag, Tag>(a, b, t, weak, d, [](auto x, auto y) { return wadd<C>(x, y); });
      case BinaryOp::Sub: return map2<Tag, Tag>(a, b, t, weak, d, [](auto x, auto y) { return wsub<C>(x, y); });
      case BinaryOp::Mul: return map2<Tag, Tag>(a, b, t, weak, d, [](auto x, auto y) { return wmul<C>(x, y); });
      case BinaryOp::Div: return map2<Tag, Tag>(a, b, t, weak, d, [](auto x, auto y) { return idiv<C>(x, y); });
      case BinaryOp::Rem: return map2<Tag, Tag>(a, b, t, weak, d, [](auto x, auto y) { return irem<C>(x, y); });
      case BinaryOp::FloorDiv: return map2<Tag, Tag>(a, b, t, weak, d, [](auto x, auto y) { return ifloordiv<C>(x, y); });
      case BinaryOp::Mod: return map2<Tag, Tag>(a, b, t, weak, d, [](auto x, auto y) { return imod<C>(x, y); });
      case BinaryOp::Pow: return map2<Tag, Tag>(a, b, t, weak, d, [](auto x, auto y) { return ipow<C>(x, y); });
      case BinaryOp::Max: return map2<Tag, Tag>(a, b, t, weak, d, [](C x, C y) { return x > y ? x : y; });
      case BinaryOp::Min: return map2<Tag, Tag>(a, b, t, weak, d, [](C x, C y) { return x < y ? x : y; });
      case BinaryOp::And: return map2<Tag, Tag>(a, b, t, weak, d, [](C x, C y) -> C { return x & y; });
      case BinaryOp::Or: return map2<Tag, Tag>(a, b, t, weak, d, [](C x, C y) -> C { return x | y; });
      case BinaryOp::Xor: return map2<Tag, Tag>(a, b, t, weak, d, [](C x, C y) -> C { return x ^ y; });
      case BinaryOp::ShiftLeft: return map2<Tag, Tag>(a, b, t, weak, d, [](auto x, auto y) { return shl<C>(x, y); });
      case BinaryOp::ShiftRightArithmetic: return map2<Tag, Tag>(a, b, t, weak, d, [](auto x, auto y) { return shr_arith<C>(x, y); });
      case BinaryOp::ShiftRightLogical:
        if constexpr (kIsSubInt<Tag>) {  // shift the 4- or 2-bit pattern, not its sign extension
          const int bits = int_bits<Tag>();
          return map2<Tag, Tag>(a, b, t, weak, d, [bits](auto x, auto y) {
            const unsigned amt = static_cast<uint8_t>(y);
            return static_cast<C>(amt >= static_cast<unsigned>(bits) ? 0 : (static_cast<uint8_t>(x) & ((1u << bits) - 1)) >> amt);
          });
        }
        return map2<Tag, Tag>(a, b, t, weak, d, [](auto x, auto y) { return shr_logical<C>(x, y); });
      default: break;
    }
  }
  raise_here(ErrorId::internal_error, "binary op/dtype combination");
}

enum Accept : uint8_t { kFloat = 1, kInt = 2, kBool = 4 };

struct BinaryInfo {
  const char* name;
  uint8_t accept;
  const char* accepted_text;
};

BinaryInfo binary_info(BinaryOp op) {
  constexpr const char* kNum = "integer, floating, complexfloating";
  constexpr const char* kAll = "bool, integer, floating, complexfloating";
  switch (op) {
    case BinaryOp::Add: return {"add", kFloat | kInt | kBool, kNum};
    case BinaryOp::Sub: return {"sub", kFloat | kInt, kNum};
    case BinaryOp::Mul: return {"mul", kFloat | kInt | kBool, kNum};
    case BinaryOp::Div: return {"div", kFloat | kInt, kNum};
    case BinaryOp::Rem: return {"rem", kFloat | kInt, "integer, floating"};
    case BinaryOp::FloorDiv: return {"floor_divide", kFloat | kInt, "integer, floating"};
    case BinaryOp::Mod: return {"remainder", kFloat | kInt, "integer, floating"};
    case BinaryOp::Pow: return {"pow", kFloat | kInt, kNum};
    case BinaryOp::Max: return {"max", kFloat | kInt | kBool, kAll};
    case BinaryOp::Min: return {"min", kFloat | kInt | kBool, kAll};
    case BinaryOp::And: return {"and", kInt | kBool, "bool, integer"};
    case BinaryOp::Or: return {"or", kInt | kBool, "bool, integer"};
    case BinaryOp::Xor: return {"xor", kInt | kBool, "bool, integer"};
    case BinaryOp::ShiftLeft: return {"shift_left", kInt, "integer"};
    case BinaryOp::ShiftRightArithmetic: return {"shift_right_arithmetic", kInt, "integer"};
    case BinaryOp::ShiftRightLogical: return {"shift_right_logical", kInt, "integer"};
    case BinaryOp::Atan2: return {"atan2", kFloat, "floating"};
    case BinaryOp::NextAfter: return {"nextafter", kFloat, "floating"};
    case BinaryOp::Eq: return {"eq", kFloat | kInt | kBool, kAll};
    case BinaryOp::Ne: return {"ne", kFloat | kInt | kBool, kAll};
    case BinaryOp::Lt: return {"lt", kFloat | kInt | kBool, kAll};
    case BinaryOp::Le: return {"le", kFloat | kInt | kBool, kAll};
    case BinaryOp::Gt: return {"gt", kFloat | kInt | kBool, kAll};
    case BinaryOp::Ge: return {"ge", kFloat | kInt | kBool, kAll};
  }
  return {"?", 0, ""};
}

}  // namespace

const char* binary_op_name(BinaryOp op) { return binary_info(op).name; }

bool is_comparison(BinaryOp op) {
  return op == BinaryOp::Eq || op == BinaryOp::Ne || op == BinaryOp::Lt || op == BinaryOp::Le ||
         op == BinaryOp::Gt || op == BinaryOp::Ge;
}

Shape broadcast_shapes(const Shape& a, const Shape& b) {
  const size_t r = std::max(a.size(), b.size());
  Shape out(r);
  for (size_t i = 0; i < r; ++i) {
    int64_t da = i < r - a.size() ? 1 : a[i - (r - a.size())];
    int64_t db = i < r - b.size() ? 1 : b[i - (r - b.size())];
    if (da != db && da != 1 && db != 1) {
      raise_here(ErrorId::broadcast_incompatible, shape_str(a), shape_str(b));
    }
    out[i] = da == 1 ? db : da;
  }
  return out;
}

Shape broadcast_shapes(const std::vector<Shape>& shapes) {
  Shape out;
  for (const Shape& s : shapes) out = broadcast_shapes(out, s);
  return out;
}

namespace {
Array binary_impl(BinaryOp op, const Array& a, const Array& b, Donors donors) {
  BinaryInfo info = binary_info(op);
  if (a.dtype() != b.dtype()) {
    raise_here(ErrorId::lax_dtype_mismatch, info.name, dtype_name(a.dtype()), dtype_name(b.dtype()));
  }
  const DType t = a.dtype();
  const uint8_t kind = is_float(t) ? kFloat : is_bool(t) ? kBool : kInt;
  if (!(info.accept & kind)) raise_here(ErrorId::op_dtype, info.name, dtype_name(t), info.accepted_text);
  const bool weak = a.weak_type() && b.weak_type();
  return visit_dtype(t, [&](auto tag) -> Array { return binary_typed<decltype(tag)>(op, a, b, weak, donors); });
}
}  // namespace

Array binary(BinaryOp op, const Array& a, const Array& b) { return binary_impl(op, a, b, Donors{}); }

Array binary_consuming(BinaryOp op, Array a, Array b) { return binary_impl(op, a, b, Donors{&a, &b}); }

bool binary_f32_span(BinaryOp op, const float* a, int64_t sa, const float* b, int64_t sb, float* out, int64_t n) {
  return with_float_binary<float>(
      op,
      [&](auto f) {
        run_loop<float, float>(out, a, sa, b, sb, n, f);
        return true;
      },
      [] { return false; });
}

}  // namespace rungs::array
