// jax.lax.scan: a function scanned over the leading axis of pytrees of
// arrays, carrying a pytree of state, with loops.py's checks and texts.
//
// Inside a trace the call records one equation of the IR's `scan`
// primitive, JAX's scan_p layout (primitives.def): [*consts, *carry, *xs]
// in, [*carry, *ys] out, the body traced once on the carry and one slice
// of each xs leaf. A primitive rather than a lowering to `while` because
// that is what JAX records: --dump=jaxpr prints `scan` as JAX does, every
// rung runs it by slicing xs and stacking ys, and the chip model can
// pattern-match it the way Mosaic's _scan_lowering_rule does (only
// fori_loop-like scans lower). Static-bound fori_loop already records the
// xs-free special case of the same primitive.
//
// Host code (no trace) runs the body once per step, as fori_loop and
// while_loop do here, so the same Python effects happen per step rather
// than once at trace time; a zero-length scan traces the body once (no
// step runs) to learn the types of its empty ys, as JAX must too.
#include <algorithm>

#include "core/ir/batching.h"
#include "core/ir/tape.h"
#include "core/jax/module_lax_tree.h"
#include "core/python/value_ops.h"

namespace rungs::jax {

namespace {

// One lax.scan call, its arguments read and checked.
struct ScanCall {
  Value f;
  Carry init;
  Flat xs;
  std::vector<Operand> xs_ops;
  int64_t length = 0;
  bool reverse = false;
  Value unroll;
  SourceRange where;
};

bool has_shape(const Value& v) { return v.is(ObjKind::Array) || v.is(ObjKind::Ref); }

std::string join_sizes(const std::vector<int64_t>& sizes, const char* sep) {
  std::string s;
  for (size_t i = 0; i < sizes.size(); ++i) s += (i ? sep : "") + std::to_string(sizes[i]);
  return s;
}

// _infer_scan_length: every xs leaf's leading axis, and `length` if given.
int64_t infer_length(Interpreter& ip, const ScanCall& s, const Value& length) {
  std::vector<int64_t> sizes;
  for (size_t i = 0; i < s.xs.leaves.size(); ++i) {
    const Value& x = s.xs.leaves[i];
    if (!has_shape(x)) {  // x.shape raised AttributeError: every shapeless leaf is named
      std::string names;
      for (const Value& y : s.xs.leaves)
        if (!has_shape(y)) names += (names.empty() ? "" : ", ") + ip.str(y);
      raise(ErrorId::lax_scan_no_leading_axis, s.where, names);
    }
    if (s.xs_ops[i].aval.shape.empty()) raise(ErrorId::lax_scan_scalar_xs, s.where);  // x.shape[0] of ()
    sizes.push_back(s.xs_ops[i].aval.shape[0]);
  }
  if (!length.is_none()) {
    Operand n = to_operand(ip, length, s.where);
    if (n.traced()) raise(ErrorId::lax_scan_length_traced, s.where, ir::aval_str(n.aval));
    int64_t v = n.value.get_int(0);  // int(length)
    for (int64_t size : sizes)
      if (size != v) raise(ErrorId::lax_scan_length_disagrees, s.where, v, "[" + join_sizes(sizes, ", ") + "]");
    return v;
  }
  if (sizes.empty()) raise(ErrorId::lax_scan_no_length, s.where);
  for (int64_t size : sizes)
    if (size != sizes[0]) raise(ErrorId::lax_scan_lengths, s.where, join_sizes(sizes, ", "));
  return sizes[0];
}

// The `unroll` check JAX makes once the body is traced (a traced value
// would be refused as non-concrete; it only tunes code generation).
void check_unroll(Interpreter& ip, const ScanCall& s) {
  if (s.unroll.is_bool() || !s.unroll.is_int()) return;
  (void)ip;
  if (s.unroll.as_int() < 0) raise(ErrorId::lax_scan_unroll, s.where);
}

// The body's result must be a pair (carry, y): "scan body output must be a
// pair, got ..." prints the output's avals in its tree.
std::pair<Value, Value> split_pair(Interpreter& ip, const Value& out, SourceRange where) {
  bool pair = (out.is(ObjKind::Tuple) && out.as<TupleObj>().items.size() == 2) ||
              (out.is(ObjKind::List) && out.as<ListObj>().items.size() == 2);
  if (pair) {
    const Values& items = out.is(ObjKind::Tuple) ? out.as<TupleObj>().items : out.as<ListObj>().items;
    return {items[0], items[1]};
  }
  Flat f = flatten(ip, out, where);
  std::vector<std::string> texts;
  for (const Operand& op : to_ops(ip, f.leaves, where)) texts.push_back(shaped_array(op.aval));
  size_t pos = 0;
  raise(ErrorId::lax_scan_body_pair, where, render_tree(f.tree, texts, pos, true, false));
}

// x[i] along the leading axis (slicing.index_in_dim, keepdims=False).
Operand index_leading(const Operand& x, int64_t i) {
  Shape inner(x.aval.shape.begin() + 1, x.aval.shape.end());
  // (A value jax.grad records is sliced by primitives, so the tape sees it.)
  if (!x.traced() && !ir::on_current_tape(x)) return Operand::concrete(x.value.window(i * array::num_elements(inner), inner));
  ir::Params p;
  p.starts.assign(x.aval.shape.size(), 0);
  p.limits = x.aval.shape;
  p.strides.assign(x.aval.shape.size(), 1);
  p.starts[0] = i;
  p.limits[0] = i + 1;
  Operand row = ir::bind1(Prim::Slice, {x}, p);
  ir::Params q;
  q.axes = {0};
  return ir::bind1(Prim::Squeeze, {row}, q);
}

ir::AVal slice_aval(ir::AVal a) {
  a.shape.erase(a.shape.begin());
  return a;
}

ir::AVal stacked_aval(ir::AVal a, int64_t length) {
  a.shape.insert(a.shape.begin(), length);
  return a;
}

std::vector<Operand> cat(std::vector<Operand> a, const std::vector<Operand>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

// ---------------------------------------------------------------- tracing

struct TracedBody {
  ir::SubTrace sub;
  Tree ys_tree;
  std::vector<ir::AVal> outs;  // [*carry', *y slices]
};

TracedBody trace_body(Interpreter& ip, const ScanCall& s, const std::vector<Operand>& init, const CarryCheck& check) {
  TracedBody b;
  std::vector<ir::AVal> avals = avals_of(init);
  for (const Operand& x : s.xs_ops) avals.push_back(slice_aval(x.aval));
  size_t nc = init.size();
  b.sub = ir::trace_sub("scan body", avals, [&](const std::vector<Operand>& args) {
    std::vector<Operand> xs(args.begin() + static_cast<std::ptrdiff_t>(nc), args.end());
    Value out = ip.call(s.f, {unflatten(s.init.flat.tree, args), unflatten(s.xs.tree, xs)}, s.where);
    auto [carry, y] = split_pair(ip, out, s.where);
    std::vector<Operand> res = body_output(ip, carry, s.init.flat.tree, check, s.where);
    Flat yf = flatten(ip, y, s.where);
    b.ys_tree = yf.tree;
    return cat(res, to_ops(ip, yf.leaves, s.where));
  });
  b.outs = out_avals(*b.sub.jaxpr);
  return b;
}

// Trace with weak-type promotion, then the carry type check (JAX's order).
TracedBody trace_checked(Interpreter& ip, const ScanCall& s, std::vector<Operand>& init, const CarryCheck& check) {
  for (bool may_promote = true;; may_promote = false) {
    TracedBody b = trace_body(ip, s, init, check);
    std::vector<ir::AVal> carry_out(b.outs.begin(), b.outs.begin() + static_cast<std::ptrdiff_t>(init.size()));
    if (may_promote && promote_weak(init, carry_out)) continue;
    check_types(check, s.init.flat.paths, avals_of(init), carry_out);
    check_unroll(ip, s);
    return b;
  }
}

// The scan equation. As JAX's scan() does before binding: a carry the body
// returns unchanged becomes a leading const, and a y that is an x slice
// passed through is the x itself rather than an output.
Value record_scan(const ScanCall& s, const std::vector<Operand>& init, TracedBody& b) {
  ir::Jaxpr& j = *b.sub.jaxpr;
  size_t nk = static_cast<size_t>(b.sub.num_captured), nc = init.size(), nx = s.xs_ops.size();
  auto invar_of = [&](size_t k) { return j.invars[k]; };
  auto forwarded = [&](size_t out, size_t in) { return !j.outvars[out].is_literal() && j.outvars[out].var == invar_of(in); };
  std::vector<bool> moved(nc);
  std::vector<int> new_invars, kept_carry_vars;
  std::vector<Operand> consts, carry;
  for (size_t c = 0; c < nc; ++c) {
    moved[c] = forwarded(c, nk + c);
    if (moved[c]) {
      new_invars.push_back(invar_of(nk + c));
      consts.push_back(init[c]);
    } else {
      kept_carry_vars.push_back(invar_of(nk + c));
      carry.push_back(init[c]);
    }
  }
  for (size_t k = 0; k < nk; ++k) new_invars.push_back(invar_of(k));
  consts.insert(consts.end(), b.sub.captured.begin(), b.sub.captured.end());
  new_invars.insert(new_invars.end(), kept_carry_vars.begin(), kept_carry_vars.end());
  for (size_t x = 0; x < nx; ++x) new_invars.push_back(invar_of(nk + nc + x));
  // Outputs: kept carries, then the ys that are not x slices passed through.
  std::vector<ir::Atom> outvars;
  std::vector<ir::AVal> out_types;
  std::vector<int> y_from_x(b.outs.size() - nc, -1);
  for (size_t c = 0; c < nc; ++c)
    if (!moved[c]) {
      outvars.push_back(j.outvars[c]);
      out_types.push_back(b.outs[c]);
    }
  for (size_t y = 0; y < y_from_x.size(); ++y) {
    for (size_t x = 0; x < nx && y_from_x[y] < 0; ++x)
      if (forwarded(nc + y, nk + nc + x)) y_from_x[y] = static_cast<int>(x);
    if (y_from_x[y] >= 0) continue;
    outvars.push_back(j.outvars[nc + y]);
    out_types.push_back(stacked_aval(b.outs[nc + y], s.length));
  }
  j.invars = new_invars;
  j.outvars = outvars;
  ir::Params p;
  p.jaxprs = {b.sub.jaxpr};
  p.counts = {static_cast<int64_t>(consts.size()), static_cast<int64_t>(carry.size())};
  p.n = s.length;
  p.flag = s.reverse;
  ir::set_current_source(s.where);  // the traced body moved it
  std::vector<Operand> res = ir::record(Prim::Scan, cat(cat(consts, carry), s.xs_ops), p, out_types);
  // Merge the forwarded values back into JAX's output order.
  std::vector<Operand> carry_out, ys;
  size_t r = 0;
  for (size_t c = 0; c < nc; ++c) carry_out.push_back(moved[c] ? init[c] : res[r++]);
  for (int x : y_from_x) ys.push_back(x >= 0 ? s.xs_ops[static_cast<size_t>(x)] : res[r++]);
  return make_tuple({unflatten(s.init.flat.tree, carry_out), unflatten(b.ys_tree, ys)});
}

Value scan_traced(Interpreter& ip, const ScanCall& s) {
  CarryCheck check{"scan body", first_param(s.f), "", s.where};
  std::vector<Operand> init = s.init.ops;
  TracedBody b = trace_checked(ip, s, init, check);
  return record_scan(s, init, b);
}

// ---------------------------------------------------------------- host

// No step runs: the traced body gives the carry check and ys' types.
Value scan_empty(Interpreter& ip, const ScanCall& s, const CarryCheck& check) {
  std::vector<Operand> init = s.init.ops;
  TracedBody b = trace_checked(ip, s, init, check);
  std::vector<Operand> ys;
  for (size_t y = init.size(); y < b.outs.size(); ++y) {
    const ir::AVal a = stacked_aval(b.outs[y], 0);
    ys.push_back(Operand::concrete(array::Array::zeros(a.dtype, a.shape).with_weak_type(a.weak_type)));
  }
  return make_tuple({unflatten(s.init.flat.tree, init), unflatten(b.ys_tree, ys)});
}

// The stacked ys of the steps, in index order.
Value stack_ys(const Tree& tree, std::vector<std::vector<Operand>>& steps, bool reverse) {
  if (reverse) std::reverse(steps.begin(), steps.end());
  std::vector<Operand> stacked;
  size_t n = steps.empty() ? 0 : steps[0].size();
  for (size_t k = 0; k < n; ++k) {
    std::vector<Operand> leaf;
    for (const std::vector<Operand>& step : steps) leaf.push_back(step[k]);
    stacked.push_back(ir::stack_examples(leaf));
  }
  return unflatten(tree, stacked);
}

Value scan_eager(Interpreter& ip, const ScanCall& s) {
  CarryCheck check{"scan body", first_param(s.f), "", s.where};
  if (s.length == 0) return scan_empty(ip, s, check);
  std::vector<Operand> init = s.init.ops;
  for (bool may_promote = true;; may_promote = false) {
    std::vector<Operand> c = init;
    std::vector<std::vector<Operand>> ys;
    Tree ys_tree;
    bool restart = false;
    for (int64_t t = 0; t < s.length && !restart; ++t) {
      ip.tick();
      int64_t i = s.reverse ? s.length - 1 - t : t;
      std::vector<Operand> x;
      for (const Operand& leaf : s.xs_ops) x.push_back(index_leading(leaf, i));
      Value out = ip.call(s.f, {unflatten(s.init.flat.tree, c), unflatten(s.xs.tree, x)}, s.where);
      auto [carry, y] = split_pair(ip, out, s.where);
      std::vector<Operand> next = body_output(ip, carry, s.init.flat.tree, check, s.where);
      if (may_promote && t == 0 && promote_weak(init, avals_of(next))) {
        restart = true;
        break;
      }
      check_types(check, s.init.flat.paths, avals_of(c), avals_of(next));
      if (t == 0) check_unroll(ip, s);
      Flat yf = flatten(ip, y, s.where);
      ys_tree = yf.tree;
      ys.push_back(to_ops(ip, yf.leaves, s.where));
      c = std::move(next);
    }
    if (!restart) return make_tuple({unflatten(s.init.flat.tree, c), stack_ys(ys_tree, ys, s.reverse)});
  }
}

Value scan(Interpreter& ip, const Args& a) {
  ScanCall s;
  s.where = a.where();
  s.f = a[0];
  if (!is_callable(s.f)) raise(ErrorId::lax_scan_not_callable, s.where);
  s.init = carry_of(ip, a[1], s.where);
  s.xs = flatten(ip, a.has(2) ? a[2] : Value::none(), s.where);
  for (const Value& x : s.xs.leaves)
    if (has_shape(x)) s.xs_ops.push_back(to_operand(ip, x, s.where));
  s.length = infer_length(ip, s, a.has(3) ? a[3] : Value::none());
  s.reverse = a.has(4) && ip.truthy(a[4]);
  s.unroll = a.has(5) ? a[5] : Value::none();
  if (!ir::current_trace()) return scan_eager(ip, s);
  return scan_traced(ip, s);
}

}  // namespace

void add_lax_scan(ModuleObj& m) {
  defn(m, "scan", {"f", "init", "xs", "length", "reverse", "unroll", "_split_transpose"}, 2, scan);
}

}  // namespace rungs::jax
