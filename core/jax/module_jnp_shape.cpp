// jax.numpy shape manipulation: reshape, ravel, transpose, swapaxes,
// moveaxis, expand_dims, squeeze, broadcast_to, concatenate, stack,
// vstack/hstack, split/array_split, tile, repeat, flip, roll, pad,
// atleast_*d, tril/triu, and where.
//
// All are decompositions into lax shape primitives (reshape, transpose,
// broadcast_in_dim, concatenate, slice, pad, rev, select_n), exactly as
// JAX's implementations do, with one deliberate difference: jnp.split
// records one `slice` per piece where current JAX has a `split` primitive.
#include <algorithm>
#include <numeric>

#include "core/jax/module_jnp_parts.h"
#include "core/python/value_ops.h"

namespace rungs::jax {

namespace {

std::vector<int64_t> iota_perm(int64_t n) {
  std::vector<int64_t> p(static_cast<size_t>(n));
  std::iota(p.begin(), p.end(), 0);
  return p;
}

Operand slice_in_dim(const Operand& x, int64_t start, int64_t limit, int64_t axis) {
  std::vector<int64_t> starts(x.aval.shape.size(), 0), limits = x.aval.shape;
  starts[static_cast<size_t>(axis)] = start;
  limits[static_cast<size_t>(axis)] = limit;
  return jax::slice(x, starts, limits, {});
}

std::string shapes_text(const std::vector<Operand>& xs) {
  std::string s;
  for (size_t i = 0; i < xs.size(); ++i) s += (i ? ", " : "") + array::shape_str(xs[i].aval.shape);
  return s;
}

// jnp.concatenate's checks (ranks, then sizes off the axis) before lax's.
Operand concatenate(std::vector<Operand> xs, std::optional<int64_t> axis) {
  if (xs.empty()) raise_here(ErrorId::concatenate_empty);
  if (!axis) {
    for (Operand& x : xs) x = ravel(x);
    axis = 0;
  }
  for (const Operand& x : xs)
    if (rank(x) != rank(xs[0])) raise_here(ErrorId::jnp_concat_rank, shapes_text(xs));
  int64_t ax = jax::normalize_axis(*axis, rank(xs[0]));
  for (const Operand& x : xs)
    for (int64_t d = 0; d < rank(x); ++d)
      if (d != ax && x.aval.shape[static_cast<size_t>(d)] != xs[0].aval.shape[static_cast<size_t>(d)])
        raise_here(ErrorId::concatenate_shapes, ax, shapes_text(xs));
  return jax::concatenate(xs, ax);
}

Operand stack(const std::vector<Operand>& xs, int64_t axis) {
  if (xs.empty()) raise_here(ErrorId::jnp_stack_empty);
  for (const Operand& x : xs)
    if (x.aval.shape != xs[0].aval.shape) raise_here(ErrorId::jnp_stack_shapes);
  int64_t ax = jax::normalize_axis(axis, rank(xs[0]) + 1);
  std::vector<Operand> ex;
  for (const Operand& x : jax::promote(xs)) ex.push_back(jax::expand_dims(x, {ax}));
  return jax::concatenate(ex, ax);
}

Operand atleast(const Operand& x, int n) {
  if (rank(x) >= n) return x;
  if (rank(x) == 0) return jax::expand_dims(x, n == 1 ? std::vector<int64_t>{0}
                                                : n == 2 ? std::vector<int64_t>{0, 1}
                                                         : std::vector<int64_t>{0, 1, 2});
  if (n == 2) return jax::expand_dims(x, {0});
  // n == 3: (N,) -> (1, N, 1), (M, N) -> (M, N, 1).
  return rank(x) == 1 ? jax::expand_dims(x, {0, 2}) : jax::expand_dims(x, {2});
}

Value split(Interpreter& ip, const Args& a, bool exact) {
  Operand x = operand_at(ip, a, 0);
  int64_t ax = jax::normalize_axis(a.int_at(2, 0), rank(x));
  int64_t size = x.aval.shape[static_cast<size_t>(ax)];
  std::vector<int64_t> points;
  const Value& s = a[1];
  if (is_int_like(s) || (s.is(ObjKind::Array) && s.as<ArrayObj>().aval().shape.empty())) {
    int64_t n = to_index(s, a.where());
    if (n <= 0) raise(ErrorId::jnp_split_unequal, a.where());
    if (exact && size % n != 0) raise(ErrorId::jnp_split_unequal, a.where());
    int64_t part = size / n, extra = size % n, at = 0;
    for (int64_t i = 0; i + 1 < n; ++i) points.push_back(at += part + (i < extra ? 1 : 0));
  } else {
    points = ints_value(ip, s, a.where());
  }
  Values pieces;
  int64_t prev = 0;
  points.push_back(size);
  for (int64_t p : points) {
    int64_t lo = std::clamp<int64_t>(prev < 0 ? prev + size : prev, 0, size);
    int64_t hi = std::clamp<int64_t>(p < 0 ? p + size : p, 0, size);
    pieces.push_back(wrap(slice_in_dim(x, lo, std::max(lo, hi), ax)));
    prev = p;
  }
  return make_list(pieces);
}

Operand tile(const Operand& x0, std::vector<int64_t> reps) {
  Operand x = x0;
  Shape shape = x.aval.shape;
  if (reps.size() > shape.size()) shape.insert(shape.begin(), reps.size() - shape.size(), 1);
  if (shape.size() > reps.size()) reps.insert(reps.begin(), shape.size() - reps.size(), 1);
  Shape interleaved, broadcast, out;
  for (size_t i = 0; i < shape.size(); ++i) {
    interleaved.insert(interleaved.end(), {1, shape[i]});
    broadcast.insert(broadcast.end(), {reps[i], shape[i]});
    out.push_back(reps[i] * shape[i]);
  }
  return jax::reshape(jax::broadcast_to(jax::reshape(x, interleaved), broadcast), out);
}

Operand repeat(Interpreter& ip, const Args& a) {
  Operand x = operand_at(ip, a, 0);
  std::optional<int64_t> axis = axis_at(a, 2);
  if (!axis) x = ravel(x);
  int64_t ax = jax::normalize_axis(axis.value_or(0), rank(x));
  const Value& r = a[1];
  if (is_int_like(r) || (r.is(ObjKind::Array) && r.as<ArrayObj>().aval().shape.empty())) {
    int64_t n = to_index(r, a.where());
    if (n < 0) raise(ErrorId::repeat_negative, a.where(), n);
    // Insert an axis after `ax`, broadcast it to n, merge the two.
    Operand e = jax::expand_dims(x, {ax + 1});
    Shape b = e.aval.shape;
    b[static_cast<size_t>(ax + 1)] = n;
    Shape out = x.aval.shape;
    out[static_cast<size_t>(ax)] *= n;
    return jax::reshape(jax::broadcast_to(e, b), out);
  }
  // Per-element counts (concrete): concatenate broadcast slices.
  std::vector<int64_t> counts = ints_value(ip, r, a.where());
  std::vector<Operand> parts;
  for (size_t i = 0; i < counts.size(); ++i) {
    if (counts[i] < 0) raise(ErrorId::repeat_negative, a.where(), counts[i]);
    if (counts[i] == 0) continue;
    Operand piece = slice_in_dim(x, static_cast<int64_t>(i), static_cast<int64_t>(i) + 1, ax);
    Shape b = piece.aval.shape;
    b[static_cast<size_t>(ax)] = counts[i];
    parts.push_back(jax::broadcast_to(piece, b));
  }
  if (parts.empty()) return slice_in_dim(x, 0, 0, ax);
  return jax::concatenate(parts, ax);
}

Operand roll(Operand x, std::vector<int64_t> shifts, std::optional<std::vector<int64_t>> axes) {
  Shape original = x.aval.shape;
  if (!axes) {
    x = ravel(x);
    axes = std::vector<int64_t>{0};
  }
  if (shifts.size() == 1 && axes->size() > 1) shifts.assign(axes->size(), shifts[0]);
  for (size_t k = 0; k < axes->size() && k < shifts.size(); ++k) {
    int64_t ax = jax::normalize_axis((*axes)[k], rank(x));
    int64_t n = x.aval.shape[static_cast<size_t>(ax)];
    if (n == 0) continue;
    int64_t i = ((-shifts[k]) % n + n) % n;
    x = jax::concatenate({slice_in_dim(x, i, n, ax), slice_in_dim(x, 0, i, ax)}, ax);
  }
  return jax::reshape(x, original);
}

// mode='edge': each side repeats the edge slice of its axis (SplashAttention's
// mask info pads its block masks so).
Operand pad_edge(Operand x, const std::vector<std::pair<int64_t, int64_t>>& widths) {
  for (size_t ax = 0; ax < widths.size(); ++ax) {
    auto [lo, hi] = widths[ax];
    int64_t n = x.aval.shape[ax];
    if ((lo <= 0 && hi <= 0) || n == 0) continue;
    std::vector<Operand> parts;
    auto edge = [&](int64_t at, int64_t count) {
      Shape b = x.aval.shape;
      b[ax] = count;
      parts.push_back(jax::broadcast_to(slice_in_dim(x, at, at + 1, static_cast<int64_t>(ax)), b));
    };
    if (lo > 0) edge(0, lo);
    parts.push_back(x);
    if (hi > 0) edge(n - 1, hi);
    x = jax::concatenate(parts, static_cast<int64_t>(ax));
  }
  return x;
}

// mode='wrap': the padded axis reads x cyclically, out[i] = x[(i - lo) mod n],
// as NumPy's (JAX's tests build expected values with it).
Operand pad_wrap(Operand x, const std::vector<std::pair<int64_t, int64_t>>& widths) {
  for (size_t ax = 0; ax < widths.size(); ++ax) {
    auto [lo, hi] = widths[ax];
    int64_t n = x.aval.shape[ax];
    if ((lo <= 0 && hi <= 0) || n == 0) continue;
    std::vector<Operand> parts;
    int64_t at = ((-lo) % n + n) % n;
    for (int64_t left = lo + n + hi; left > 0;) {
      int64_t take = std::min(n - at, left);
      parts.push_back(slice_in_dim(x, at, at + take, static_cast<int64_t>(ax)));
      left -= take;
      at = 0;
    }
    x = jax::concatenate(parts, static_cast<int64_t>(ax));
  }
  return x;
}

Operand pad(Interpreter& ip, const Args& a) {
  Operand x = operand_at(ip, a, 0);
  std::string mode = a.str_at(2, "constant");
  if (mode != "constant" && mode != "edge" && mode != "wrap")
    raise(ErrorId::unsupported_feature, a.where(), "jnp.pad with mode='" + mode + "'");
  // pad_width: n | (before, after) | ((b0, a0), (b1, a1), ...).
  std::vector<std::pair<int64_t, int64_t>> widths;
  const Value& w = a[1];
  if (is_int_like(w)) {
    widths.assign(static_cast<size_t>(rank(x)), {w.as_int(), w.as_int()});
  } else {
    Values items = ip.iterate(w);
    bool nested = !items.empty() && !is_int_like(items[0]);
    if (!nested) {
      int64_t lo = items.empty() ? 0 : to_index(items[0], a.where());
      int64_t hi = items.size() > 1 ? to_index(items[1], a.where()) : lo;
      widths.assign(static_cast<size_t>(rank(x)), {lo, hi});
    } else {
      for (const Value& it : items) {
        std::vector<int64_t> p = ints_value(ip, it, a.where());
        if (p.empty()) raise(ErrorId::pad_config, a.where(), array::shape_str(x.aval.shape), ip.repr(w));
        widths.push_back({p[0], p.size() > 1 ? p[1] : p[0]});
      }
      if (widths.size() == 1) widths.assign(static_cast<size_t>(rank(x)), widths[0]);
    }
  }
  if (static_cast<int64_t>(widths.size()) != rank(x))
    raise(ErrorId::pad_config, a.where(), array::shape_str(x.aval.shape), widths.size());
  if (mode == "edge") return pad_edge(x, widths);
  if (mode == "wrap") return pad_wrap(x, widths);
  Operand value = jax::convert(a.has(3) ? to_op(ip, a[3], a.where()) : jax::scalar_int(DType::Int32, 0, true),
                               x.aval.dtype, x.aval.weak_type);
  ir::Params p;
  for (auto [lo, hi] : widths) {
    p.starts.push_back(lo);
    p.limits.push_back(hi);
    p.strides.push_back(0);
  }
  return ir::bind1(Prim::Pad, {x, value}, p);
}

// tri(N, M, k) as a bool mask: (row + k) >= col.
Operand tri_mask(const Shape& shape, int64_t k) {
  Shape s{shape[shape.size() - 2], shape[shape.size() - 1]};
  Operand rows = jax::iota(DType::Int32, s, 0), cols = jax::iota(DType::Int32, s, 1);
  Operand sum = ir::bind1(Prim::Add, {rows, jax::scalar_int(DType::Int32, k)}, {});
  return ir::bind1(Prim::Ge, {sum, cols}, {});
}

Value where_fn(Interpreter& ip, const Args& a) {
  bool has_x = a.has(1) && !a[1].is_none(), has_y = a.has(2) && !a[2].is_none();
  if (!has_x && !has_y) return nonzero_tuple(ip, operand_at(ip, a, 0), a, 3, 4);
  if (!has_x || !has_y)
    raise(ErrorId::jnp_where_two_args, a.where(), has_x ? ip.str(a[1]) : "None", has_y ? ip.str(a[2]) : "None");
  return wrap(jax::where(operand_at(ip, a, 0), operand_at(ip, a, 1), operand_at(ip, a, 2)));
}

}  // namespace

void add_jnp_shapes(ModuleObj& m) {
  defn(m, "reshape", {"a", "shape", "order", "*", "newshape", "copy", "out_sharding"}, 1,
       [](Interpreter& ip, const Args& a) {
         const Value& s = a.has(1) && !a[1].is_none() ? a[1] : a[3];
         return wrap(jax::reshape(operand_at(ip, a, 0), shape_value(ip, s, a.where())));
       });
  defn(m, "ravel", {"a", "order"}, 1, [](Interpreter& ip, const Args& a) { return wrap(ravel(operand_at(ip, a, 0))); });
  defn(m, "transpose", {"a", "axes"}, 1, [](Interpreter& ip, const Args& a) {
    Operand x = operand_at(ip, a, 0);
    std::vector<int64_t> perm = iota_perm(rank(x));
    std::reverse(perm.begin(), perm.end());
    if (auto axes = axes_at(ip, a, 1)) perm = *axes;
    return wrap(jax::transpose(x, perm));
  });
  defn(m, "swapaxes", {"a", "axis1", "axis2"}, 3, [](Interpreter& ip, const Args& a) {
    Operand x = operand_at(ip, a, 0);
    std::vector<int64_t> perm = iota_perm(rank(x));
    int64_t i = jax::normalize_axis(a.int_at(1, 0), rank(x)), j = jax::normalize_axis(a.int_at(2, 0), rank(x));
    std::swap(perm[static_cast<size_t>(i)], perm[static_cast<size_t>(j)]);
    return wrap(jax::transpose(x, perm));
  });
  defn(m, "moveaxis", {"a", "source", "destination"}, 3, [](Interpreter& ip, const Args& a) {
    Operand x = operand_at(ip, a, 0);
    std::vector<int64_t> src = ints_value(ip, a[1], a.where()), dst = ints_value(ip, a[2], a.where());
    for (int64_t& s : src) s = jax::normalize_axis(s, rank(x));
    for (int64_t& d : dst) d = jax::normalize_axis(d, rank(x));
    std::vector<int64_t> perm;
    for (int64_t i = 0; i < rank(x); ++i)
      if (std::find(src.begin(), src.end(), i) == src.end()) perm.push_back(i);
    std::vector<std::pair<int64_t, int64_t>> moves;
    for (size_t k = 0; k < src.size() && k < dst.size(); ++k) moves.push_back({dst[k], src[k]});
    std::sort(moves.begin(), moves.end());
    for (auto [d, s] : moves) perm.insert(perm.begin() + d, s);
    return wrap(jax::transpose(x, perm));
  });
  defn(m, "expand_dims", {"a", "axis"}, 2, [](Interpreter& ip, const Args& a) {
    return wrap(jax::expand_dims(operand_at(ip, a, 0), ints_value(ip, a[1], a.where())));
  });
  defn(m, "squeeze", {"a", "axis"}, 1, [](Interpreter& ip, const Args& a) {
    auto axes = axes_at(ip, a, 1);
    return wrap(jax::squeeze(operand_at(ip, a, 0), axes ? *axes : std::vector<int64_t>{}));
  });
  defn(m, "broadcast_to", {"array", "shape"}, 2, [](Interpreter& ip, const Args& a) {
    return wrap(jax::broadcast_to(operand_at(ip, a, 0), shape_value(ip, a[1], a.where())));
  });
  defn(m, "concatenate", {"arrays", "axis", "dtype"}, 1, [](Interpreter& ip, const Args& a) {
    std::optional<int64_t> axis = a.has(1) ? axis_at(a, 1) : std::optional<int64_t>(0);
    Operand out = concatenate(operand_list(ip, a[0], a.where()), axis);
    if (auto dt = dtype_at(ip, a, 2)) out = jax::convert(out, *dt, false);
    return wrap(out);
  });
  // The Array API spelling: axis keyword-only (None flattens), no dtype.
  defn(m, "concat", {"arrays", "*", "axis"}, 1, [](Interpreter& ip, const Args& a) {
    std::optional<int64_t> axis = a.has(1) ? axis_at(a, 1) : std::optional<int64_t>(0);
    return wrap(concatenate(operand_list(ip, a[0], a.where()), axis));
  });
  defn(m, "stack", {"arrays", "axis", "out", "dtype"}, 1, [](Interpreter& ip, const Args& a) {
    Operand out = stack(operand_list(ip, a[0], a.where()), a.int_at(1, 0));
    if (auto dt = dtype_at(ip, a, 3)) out = jax::convert(out, *dt, false);
    return wrap(out);
  });
  defn(m, "vstack", {"tup", "dtype"}, 1, [](Interpreter& ip, const Args& a) {
    std::vector<Operand> xs;
    for (const Operand& x : operand_list(ip, a[0], a.where())) xs.push_back(atleast(x, 2));
    return wrap(concatenate(xs, 0));
  });
  m.attrs["row_stack"] = m.attrs["vstack"];
  defn(m, "hstack", {"tup", "dtype"}, 1, [](Interpreter& ip, const Args& a) {
    std::vector<Operand> xs;
    for (const Operand& x : operand_list(ip, a[0], a.where())) xs.push_back(atleast(x, 1));
    return wrap(concatenate(xs, !xs.empty() && rank(xs[0]) == 1 ? 0 : 1));
  });
  defn(m, "split", {"ary", "indices_or_sections", "axis"}, 2,
       [](Interpreter& ip, const Args& a) { return split(ip, a, true); });
  defn(m, "array_split", {"ary", "indices_or_sections", "axis"}, 2,
       [](Interpreter& ip, const Args& a) { return split(ip, a, false); });
  defn(m, "tile", {"A", "reps"}, 2, [](Interpreter& ip, const Args& a) {
    return wrap(tile(operand_at(ip, a, 0), ints_value(ip, a[1], a.where())));
  });
  defn(m, "repeat", {"a", "repeats", "axis", "*", "total_repeat_length"}, 2,
       [](Interpreter& ip, const Args& a) { return wrap(repeat(ip, a)); });
  defn(m, "flip", {"m", "axis"}, 1, [](Interpreter& ip, const Args& a) {
    Operand x = operand_at(ip, a, 0);
    ir::Params p;
    p.axes = iota_perm(rank(x));
    if (auto axes = axes_at(ip, a, 1)) {
      p.axes.clear();
      for (int64_t ax : *axes) p.axes.push_back(jax::normalize_axis(ax, rank(x)));
    }
    return wrap(ir::bind1(Prim::Rev, {x}, p));
  });
  defn(m, "roll", {"a", "shift", "axis"}, 2, [](Interpreter& ip, const Args& a) {
    return wrap(roll(operand_at(ip, a, 0), ints_value(ip, a[1], a.where()), axes_at(ip, a, 2)));
  });
  defn(m, "pad", {"array", "pad_width", "mode", "constant_values"}, 2,
       [](Interpreter& ip, const Args& a) { return wrap(pad(ip, a)); });
  for (int n : {1, 2, 3})
    defn(m, "atleast_" + std::to_string(n) + "d", {}, 0, [n](Interpreter& ip, const Args& a) {
      Values out;
      for (const Value& v : a.rest()) out.push_back(wrap(atleast(to_op(ip, v, a.where()), n)));
      return out.size() == 1 ? out[0] : make_list(out);
    }, true);
  for (const char* name : {"tril", "triu"}) {
    bool lower = std::string(name) == "tril";
    defn(m, name, {"m", "k"}, 1, [lower](Interpreter& ip, const Args& a) {
      Operand x = operand_at(ip, a, 0);
      int64_t k = a.int_at(1, 0);
      Operand zero = const_like(x, 0);
      if (lower) return wrap(jax::where(tri_mask(x.aval.shape, k), x, zero));
      return wrap(jax::where(tri_mask(x.aval.shape, k - 1), zero, x));
    });
  }
  defn(m, "where", {"condition", "x", "y", "*", "size", "fill_value"}, 1, where_fn);
}

}  // namespace rungs::jax
