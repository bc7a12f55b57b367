// The host collectives of jax.lax: psum, pmean, pmax, pmin, all_gather,
// ppermute, psum_scatter, all_to_all, axis_index, axis_size.
//
// A named axis is an open batch frame (core/ir/batching.h): one of
// jax.shard_map's mesh axes, whose examples are devices, or a
// vmap(axis_name=...). A value batched at the frame varies along the axis;
// one that is not is the same on every member. So each collective is a
// small rule over the frame's examples stacked along axis 0 (`S`, shape
// (n, ...)): psum sums them (an invariant result), all_gather moves them
// into the value, ppermute and psum_scatter give each member its own
// (a varying result, re-batched at the frame). A value batched at a frame
// inside the named one is handled one inner example at a time.
#include <algorithm>
#include <set>

#include "core/ir/batching.h"
#include "core/jax/jnp_core.h"
#include "core/jax/module_lax_tree.h"
#include "core/jax/modules.h"
#include "core/python/args.h"
#include "core/python/modules.h"
#include "core/python/value_ops.h"

namespace rungs::jax {

namespace {

using ir::BatchFramePtr;

// What a rule makes of S: the result, and whether it is one value per
// member stacked along axis 0 (varying) or the same for all (invariant).
struct Gathered {
  Operand value;
  bool varying = false;
};
using Rule = std::function<Gathered(const Operand& stacked, int64_t n)>;

Operand at_frame(const Operand& x, const BatchFramePtr& frame, const Rule& rule) {
  if (x.batch && x.batch->frame != frame && x.batch->frame->level > frame->level) {
    const BatchFramePtr& inner = x.batch->frame;
    std::vector<Operand> per;
    for (int64_t b = 0; b < inner->size; ++b) per.push_back(at_frame(ir::example(x, inner, b), frame, rule));
    return ir::make_batched(ir::stack_examples(per), 0, inner);
  }
  Gathered g = rule(ir::stacked_at_front(x, frame), frame->size);
  return g.varying ? ir::make_batched(g.value, 0, frame) : g.value;
}

// The axis names of a collective: one name or a tuple of them.
std::vector<std::string> axis_names(Interpreter& ip, const Value& v) {
  std::vector<std::string> names;
  if (v.is(ObjKind::Tuple) || v.is(ObjKind::List)) {
    for (const Value& n : ip.iterate(v)) names.push_back(ip.str(n));
  } else {
    names.push_back(ip.str(v));
  }
  return names;
}

BatchFramePtr frame_for(const std::string& name, const char* api, SourceRange where) {
  BatchFramePtr f = ir::frame_named(name);
  if (!f) raise(ErrorId::collective_outside_mapping, where, name, api);
  return f;
}

// Apply `rule` at each named axis in turn (innermost name last), to every
// array leaf of `x`.
Value per_leaf(Interpreter& ip, const Value& x, const std::vector<std::string>& names, const char* api,
               SourceRange where, const std::function<Operand(const Operand&, const BatchFramePtr&)>& fn) {
  std::vector<BatchFramePtr> frames;
  for (const std::string& n : names) frames.push_back(frame_for(n, api, where));
  Flat flat = flatten(ip, x, where);
  std::vector<Operand> ops = to_ops(ip, flat.leaves, where);
  ir::set_current_source(where);
  for (Operand& op : ops)
    for (const BatchFramePtr& f : frames) op = fn(op, f);
  return unflatten(flat.tree, ops);
}

Value reduction(Interpreter& ip, const Args& a, Prim prim, bool mean) {
  std::vector<std::string> names = axis_names(ip, a[1]);
  return per_leaf(ip, a[0], names, "psum", a.where(), [&](const Operand& x, const BatchFramePtr& f) {
    return at_frame(x, f, [&](const Operand& s, int64_t n) {
      Operand r = prim == Prim::ReduceSum ? sum(s, std::vector<int64_t>{0}, false, std::nullopt)
                                          : reduce(prim, s, std::vector<int64_t>{0}, false);
      if (mean) r = true_divide(r, scalar(array::is_float(r.aval.dtype) ? r.aval.dtype : array::DType::Float32,
                                          static_cast<double>(n), true));
      return Gathered{r, false};
    });
  });
}

int64_t normalized_axis(int64_t axis, int64_t rank, SourceRange where) {
  int64_t a = axis < 0 ? axis + rank : axis;
  if (a < 0 || a >= rank) raise(ErrorId::all_gather_axis, where, axis, rank);
  return a;
}

Operand merge_axes(const Operand& x, int64_t at) {  // dims at and at+1 become one
  Shape shape = x.aval.shape;
  shape[static_cast<size_t>(at)] *= shape[static_cast<size_t>(at) + 1];
  shape.erase(shape.begin() + at + 1);
  return reshape(x, shape);
}

Value all_gather(Interpreter& ip, const Args& a) {
  int64_t axis = a.has(3) ? to_index(a[3], a.where()) : 0;
  bool tiled = a.has(4) && ip.truthy(a[4]);
  return per_leaf(ip, a[0], axis_names(ip, a[1]), "all_gather", a.where(), [&](const Operand& x, const BatchFramePtr& f) {
    int64_t at = normalized_axis(axis, static_cast<int64_t>(x.aval.shape.size()) + (tiled ? 0 : 1), a.where());
    return at_frame(x, f, [&](const Operand& s, int64_t) {
      Operand moved = ir::move_axis(s, 0, static_cast<int>(at));
      return Gathered{tiled ? merge_axes(moved, at) : moved, false};
    });
  });
}

Value ppermute(Interpreter& ip, const Args& a) {
  std::vector<std::string> names = axis_names(ip, a[1]);
  std::vector<std::pair<int64_t, int64_t>> perm;
  for (const Value& pair : ip.iterate(a[2])) {
    Values st = ip.iterate(pair);
    perm.emplace_back(to_index(st.at(0), a.where()), to_index(st.at(1), a.where()));
  }
  std::set<int64_t> srcs, dsts;
  for (const auto& [s, d] : perm) {
    srcs.insert(s);
    dsts.insert(d);
  }
  if (srcs.size() != perm.size() || dsts.size() != perm.size()) raise(ErrorId::ppermute_unique, a.where(), ip.repr(a[2]));
  return per_leaf(ip, a[0], names, "ppermute", a.where(), [&](const Operand& x, const BatchFramePtr& f) {
    for (const auto& [s, d] : perm)
      if (std::max(s, d) >= f->size || std::min(s, d) < 0)
        raise(ErrorId::ppermute_range, a.where(), f->size, f->axis_name, ip.repr(a[2]));
    return at_frame(x, f, [&](const Operand& s, int64_t n) {
      std::vector<Operand> per;
      for (int64_t dst = 0; dst < n; ++dst) {
        auto it = std::find_if(perm.begin(), perm.end(), [&](const auto& p) { return p.second == dst; });
        if (it == perm.end()) {  // nobody sends here: zeros
          Shape one(s.aval.shape.begin() + 1, s.aval.shape.end());
          per.push_back(full(one, scalar(s.aval.dtype, 0.0), s.aval.dtype));
          continue;
        }
        Shape start(s.aval.shape.size(), 0), limit = s.aval.shape;
        start[0] = it->first;
        limit[0] = it->first + 1;
        per.push_back(squeeze(slice(s, start, limit, Shape(start.size(), 1)), {0}));
      }
      return Gathered{ir::stack_examples(per), true};
    });
  });
}

Value psum_scatter(Interpreter& ip, const Args& a) {
  int64_t dim = a.has(2) ? to_index(a[2], a.where()) : 0;
  bool tiled = a.has(4) && ip.truthy(a[4]);
  return per_leaf(ip, a[0], axis_names(ip, a[1]), "reduce_scatter", a.where(), [&](const Operand& x, const BatchFramePtr& f) {
    int64_t d = normalized_axis(dim, static_cast<int64_t>(x.aval.shape.size()), a.where());
    int64_t size = x.aval.shape[static_cast<size_t>(d)];
    if (!tiled && size != f->size) raise(ErrorId::psum_scatter_size, a.where(), size, f->size);
    if (tiled && size % f->size != 0) raise(ErrorId::psum_scatter_tiled_size, a.where(), size, f->size);
    return at_frame(x, f, [&](const Operand& s, int64_t n) {
      Operand total = sum(s, std::vector<int64_t>{0}, false, std::nullopt);
      if (tiled) {
        Shape split = total.aval.shape;
        split[static_cast<size_t>(d)] = size / n;
        split.insert(split.begin() + d, n);
        total = reshape(total, split);
      }
      return Gathered{ir::move_axis(total, static_cast<int>(d), 0), true};
    });
  });
}

// Member i receives chunk i of every member's split axis, in member order,
// concatenated along concat_axis (tiled) or stacked as a new axis there.
Value all_to_all(Interpreter& ip, const Args& a) {
  int64_t split_axis = to_index(a[2], a.where()), concat_axis = to_index(a[3], a.where());
  bool tiled = a.has(5) && ip.truthy(a[5]);
  return per_leaf(ip, a[0], axis_names(ip, a[1]), "all_to_all", a.where(), [&](const Operand& x, const BatchFramePtr& f) {
    int64_t rank = static_cast<int64_t>(x.aval.shape.size());
    int64_t sp = normalized_axis(split_axis, rank, a.where()), cc = normalized_axis(concat_axis, rank, a.where());
    int64_t size = x.aval.shape[static_cast<size_t>(sp)];
    if (!tiled && size != f->size) raise(ErrorId::all_to_all_size, a.where(), f->size, size);
    if (tiled && size % f->size != 0) raise(ErrorId::all_to_all_tiled_size, a.where(), size, f->axis_name, f->size);
    return at_frame(x, f, [&](const Operand& s, int64_t n) {
      // s: (j, ...x). Split x's split axis into (i, chunk) for tiled.
      Operand t = s;
      if (tiled) {
        Shape split = t.aval.shape;
        split[static_cast<size_t>(sp) + 1] = size / n;
        split.insert(split.begin() + sp + 1, n);
        t = reshape(t, split);  // (j, ..., i, chunk, ...)
      }
      t = ir::move_axis(t, static_cast<int>(sp) + 1, 0);  // (i, j, rest...)
      if (!tiled) return Gathered{ir::move_axis(t, 1, static_cast<int>(cc) + 1), true};
      // rest has x's rank with the split axis holding one chunk; put j
      // before the concat axis and merge them.
      t = ir::move_axis(t, 1, static_cast<int>(cc) + 1);
      return Gathered{merge_axes(t, cc + 1), true};
    });
  });
}

Value axis_index(Interpreter& ip, const Args& a) {
  std::vector<std::string> names = axis_names(ip, a[0]);
  ir::set_current_source(a.where());
  Operand index = scalar_int(array::DType::Int32, 0);
  for (const std::string& name : names) {
    BatchFramePtr f = frame_for(name, "axis_index", a.where());
    Operand mine = ir::make_batched(jax::iota(array::DType::Int32, {f->size}, 0), 0, f);
    index = binary(Prim::Add, binary(Prim::Mul, index, scalar_int(array::DType::Int32, f->size)), mine);
  }
  return make_array(index);
}

Value axis_size(Interpreter& ip, const Args& a) {
  int64_t total = 1;
  for (const std::string& name : axis_names(ip, a[0])) {
    BatchFramePtr f = ir::frame_named(name);
    if (!f) raise(ErrorId::unbound_axis_name, a.where(), name);
    total *= f->size;
  }
  return Value::integer(total);
}

}  // namespace

void add_lax_parallel(ModuleObj& m) {
  def_signature(m, "psum", {"x", "axis_name", "*", "axis_index_groups"}, 2,
                [](Interpreter& ip, const Args& a) { return reduction(ip, a, Prim::ReduceSum, false); });
  def_signature(m, "pmean", {"x", "axis_name", "*", "axis_index_groups"}, 2,
                [](Interpreter& ip, const Args& a) { return reduction(ip, a, Prim::ReduceSum, true); });
  def_signature(m, "pmax", {"x", "axis_name", "*", "axis_index_groups"}, 2,
                [](Interpreter& ip, const Args& a) { return reduction(ip, a, Prim::ReduceMax, false); });
  def_signature(m, "pmin", {"x", "axis_name", "*", "axis_index_groups"}, 2,
                [](Interpreter& ip, const Args& a) { return reduction(ip, a, Prim::ReduceMin, false); });
  def_signature(m, "all_gather", {"x", "axis_name", "*", "axis_index_groups", "axis", "tiled"}, 2, all_gather);
  def_signature(m, "ppermute", {"x", "axis_name", "perm"}, 3, ppermute);
  def_signature(m, "psum_scatter", {"x", "axis_name", "*", "scatter_dimension", "axis_index_groups", "tiled"}, 2,
                psum_scatter);
  def_signature(m, "all_to_all", {"x", "axis_name", "split_axis", "concat_axis", "*", "axis_index_groups", "tiled"}, 4,
                all_to_all);
  def_signature(m, "axis_index", {"axis_name"}, 1, axis_index);
  def_signature(m, "axis_size", {"axis_name"}, 1, axis_size);
}

}  // namespace rungs::jax
