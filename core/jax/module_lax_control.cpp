// jax.lax control flow: fori_loop, while_loop, cond, switch.
//
// With no trace active (host code) these run as the Python they stand for:
// a loop over the carry, a call of the chosen branch. Inside a trace (as
// with JAX's omnistaging: any active trace, even with concrete operands)
// they record one scan / while / cond equation whose bodies are traced once
// on abstract values with ir::trace_sub; the equation layouts are
// documented at the top of module_lax.cpp. Both paths apply JAX's
// trace-time rules to loop carries: the pytree structure and the leaf
// types (shape and dtype; weak types ignored) must come back unchanged,
// and a weakly typed init leaf (a Python scalar) that the body widens is
// promoted and the body traced (or, eagerly, the loop started) again, as
// loops.py's _promote_weak_typed_inputs does. Branches must agree on
// their output structure and types.
#include <algorithm>

#include "core/ir/ad_ops.h"
#include "core/ir/batching.h"
#include "core/ir/tape.h"
#include "core/jax/module_lax_tree.h"
#include "core/python/modules.h"
#include "core/python/value_ops.h"

namespace rungs::jax {

namespace {

// Any result as arrays (Python scalars become weak arrays), same structure.
Value arrays_of(Interpreter& ip, const Value& v, SourceRange where) {
  Flat f = flatten(ip, v, where);
  return unflatten(f.tree, to_ops(ip, f.leaves, where));
}

std::vector<Operand> join(std::vector<Operand> a, const std::vector<Operand>& b, size_t from = 0) {
  a.insert(a.end(), b.begin() + static_cast<std::ptrdiff_t>(from), b.end());
  return a;
}

std::vector<ir::AVal> tail(const std::vector<ir::AVal>& v, size_t from) {
  return std::vector<ir::AVal>(v.begin() + static_cast<std::ptrdiff_t>(std::min(from, v.size())), v.end());
}

std::vector<Operand> record(SourceRange where, Prim prim, const std::vector<Operand>& inputs,
                            std::vector<ir::JaxprPtr> jaxprs, std::vector<int64_t> counts,
                            const std::vector<ir::AVal>& outs, int64_t n = 0) {
  ir::Params p;
  p.jaxprs = std::move(jaxprs);
  p.counts = std::move(counts);
  p.n = n;
  ir::set_current_source(where);  // the traced bodies moved it
  return ir::record(prim, inputs, p, outs);
}

// cond_fun's result must be one bool scalar.
Operand predicate(Interpreter& ip, const Value& v, SourceRange where) {
  Flat f = flatten(ip, v, where);
  if (f.tree.kind != Tree::Kind::Leaf) raise(ErrorId::lax_while_cond_tree, where, treedef(f.tree));
  Operand p = to_operand(ip, f.leaves[0], where);
  if (p.aval.dtype != DType::Bool || !p.aval.shape.empty())
    raise(ErrorId::lax_while_cond_type, where, "[" + shaped_array(p.aval) + "]");
  return p;
}

// api_util.fun_sourceinfo: "name at FILE:LINE" for Python functions.
std::string fun_sourceinfo(Interpreter& ip, const Value& fn) {
  Value f = python::unwrap_partial(fn);
  if (f.is(ObjKind::Function)) {
    const auto& fo = f.as<FunctionObj>();
    return fo.name + " at " + (fo.module ? fo.module->filename : ip.filename()) + ":" + std::to_string(fo.range().line);
  }
  if (f.is(ObjKind::Builtin)) return f.as<BuiltinObj>().name;
  return "<unknown>";
}

BranchOutputs outputs_of(Interpreter& ip, const Value& fn, std::string name, const Flat& f) {
  return {std::move(name), fun_sourceinfo(ip, fn), f.tree, {}, f.paths};
}

// ------------------------------------------- vmap with a batched predicate
// JAX's batching rules turn a cond/switch whose predicate is batched into
// select_n over every branch's outputs, and a while_loop whose predicate is
// batched into a loop that runs while any example's predicate holds, each
// example keeping its carry once its own predicate is false.

Operand select_leaf(const Operand& which, const std::vector<Operand>& cases) {
  Shape shape = cases[0].aval.shape;
  std::vector<Operand> in{ir::ad::broadcast_to(which, shape)};
  for (const Operand& c : cases) in.push_back(ir::ad::broadcast_to(c, shape));
  return ir::bind1(Prim::SelectN, in, {});
}

// `index` (int32, batched) picks branches[index] per example. `first` is
// the branch JAX checks the others against (true_fun for cond).
Value select_branches(Interpreter& ip, const Operand& index, const Values& branches,
                      const std::vector<std::string>& names, size_t first, const Values& operands, const char* api,
                      SourceRange where) {
  std::vector<Flat> outs;
  std::vector<BranchOutputs> checked;
  for (size_t i = 0; i < branches.size(); ++i) {
    outs.push_back(flatten(ip, arrays_of(ip, ip.call(branches[i], operands, where), where), where));
    checked.push_back(outputs_of(ip, branches[i], names[i], outs.back()));
    checked.back().avals = avals_of(to_ops(ip, outs.back().leaves, where));
  }
  for (size_t i = 0; i < branches.size(); ++i)
    if (i != first) check_branch_outputs(checked[first], checked[i], api, where);
  std::vector<Operand> leaves;
  for (size_t k = 0; k < outs[0].leaves.size(); ++k) {
    std::vector<Operand> cases;
    for (const Flat& f : outs) cases.push_back(to_operand(ip, f.leaves[k], where));
    leaves.push_back(select_leaf(index, cases));
  }
  return unflatten(outs[0].tree, leaves);
}

// Does any example of a batched boolean hold?
bool any_example(const Operand& p, SourceRange where) {
  Operand all = ir::stacked_at_front(p, p.batch->frame);
  if (all.traced()) raise(ErrorId::batching_rule_missing, where, "while_loop with a predicate batched by nested vmaps");
  for (int64_t i = 0; i < all.value.size(); ++i)
    if (all.value.get_bool(i)) return true;
  return false;
}

// ---------------------------------------------------------------- fori_loop

Value fori_eager(Interpreter& ip, const Value& body, int64_t lo, int64_t hi, const Carry& carry, SourceRange where) {
  CarryCheck check{"scan body", "loop_carry", "[1]", where};
  std::vector<Operand> init = carry.ops;
  bool may_promote = true;
  for (;;) {
    std::vector<Operand> c = init;
    bool restart = false;
    for (int64_t i = lo; i < hi && !restart; ++i) {
      ip.tick();
      Value out = ip.call(body, {make_array(jax::scalar_int(DType::Int32, i, true)), unflatten(carry.flat.tree, c)}, where);
      std::vector<Operand> next = body_output(ip, out, carry.flat.tree, check, where);
      if (may_promote && i == lo && promote_weak(init, avals_of(next))) {
        restart = true;
        break;
      }
      check_types(check, carry.flat.paths, avals_of(c), avals_of(next));
      c = next;
    }
    may_promote = false;
    if (!restart) return unflatten(carry.flat.tree, c);
  }
}

// Bounds batched by a vmap (no trace): JAX's fori_loop becomes a while_loop
// whose batched predicate runs the loop until every example is done, each
// example keeping its carry past its own bound.
Value fori_batched(Interpreter& ip, const Value& body, Operand i, const Operand& hi, const Carry& carry,
                   SourceRange where) {
  CarryCheck check{"while_loop body", "loop_carry", "[1]", where};
  std::vector<Operand> c = carry.ops;
  for (;;) {
    ip.tick();
    Operand p = ir::bind1(Prim::Lt, {i, hi}, {});
    if (p.batched() ? !any_example(p, where) : !p.value.get_bool(0)) break;
    Value out = ip.call(body, {make_array(i), unflatten(carry.flat.tree, c)}, where);
    std::vector<Operand> next = body_output(ip, out, carry.flat.tree, check, where);
    check_types(check, carry.flat.paths, avals_of(c), avals_of(next));
    for (size_t k = 0; k < next.size(); ++k) next[k] = select_leaf(p, {c[k], next[k]});
    c = next;
    i = select_leaf(p, {i, ir::bind1(Prim::Add, {i, jax::scalar_int(i.aval.dtype, 1)}, {})});
  }
  return unflatten(carry.flat.tree, c);
}

// Static bounds inside a trace: one scan equation (module_lax.cpp layout).
Value fori_scan(Interpreter& ip, const Value& body, int64_t lo, int64_t hi, const Carry& carry, SourceRange where) {
  CarryCheck check{"scan body", "loop_carry", "[1]", where};
  std::vector<Operand> full = join({jax::scalar_int(DType::Int32, lo, true)}, carry.ops);
  for (bool may_promote = true;; may_promote = false) {
    ir::SubTrace sub = ir::trace_sub("fori_loop body", avals_of(full), [&](const std::vector<Operand>& args) {
      // (i + 1, body_fun(i, x)): the increment is recorded first, as in JAX.
      std::vector<Operand> res{jax::binary(Prim::Add, args[0], jax::scalar_int(DType::Int32, 1, true))};
      Value out = ip.call(body, {make_array(args[0]), unflatten(carry.flat.tree, args, 1)}, where);
      return join(res, body_output(ip, out, carry.flat.tree, check, where));
    });
    std::vector<ir::AVal> outs = out_avals(*sub.jaxpr);
    if (may_promote && promote_weak(full, outs, 1)) continue;
    check_types(check, carry.flat.paths, avals_of(full, 1), tail(outs, 1));
    std::vector<Operand> res =
        record(where, Prim::Scan, join(sub.captured, full), {sub.jaxpr},
               {sub.num_captured, static_cast<int64_t>(full.size())}, outs, std::max<int64_t>(hi - lo, 0));
    return unflatten(carry.flat.tree, res, 1);
  }
}

// A traced bound: a while over (i, upper, carry...), as JAX does.
Value fori_while(Interpreter& ip, const Value& body, const Operand& lo, const Operand& hi, const Carry& carry,
                 SourceRange where) {
  CarryCheck check{"while_loop body", "loop_carry", "[2]", where};
  std::vector<Operand> full = join({lo, hi}, carry.ops);
  for (bool may_promote = true;; may_promote = false) {
    std::vector<ir::AVal> avals = avals_of(full);
    ir::SubTrace cond = ir::trace_sub("fori_loop cond", avals, [&](const std::vector<Operand>& args) {
      return std::vector<Operand>{ir::bind1(Prim::Lt, {args[0], args[1]}, {})};
    });
    ir::SubTrace sub = ir::trace_sub("fori_loop body", avals, [&](const std::vector<Operand>& args) {
      Operand one = jax::scalar_int(args[0].aval.dtype, 1);
      std::vector<Operand> res{ir::bind1(Prim::Add, {args[0], one}, {}), args[1]};
      Value out = ip.call(body, {make_array(args[0]), unflatten(carry.flat.tree, args, 2)}, where);
      return join(res, body_output(ip, out, carry.flat.tree, check, where));
    });
    std::vector<ir::AVal> outs = out_avals(*sub.jaxpr);
    if (may_promote && promote_weak(full, outs, 2)) continue;
    check_types(check, carry.flat.paths, avals_of(full, 2), tail(outs, 2));
    std::vector<Operand> res = record(where, Prim::While, join(join(cond.captured, sub.captured), full),
                                      {cond.jaxpr, sub.jaxpr}, {cond.num_captured, sub.num_captured}, outs);
    return unflatten(carry.flat.tree, res, 2);
  }
}

Value fori_loop(Interpreter& ip, const Args& a) {
  SourceRange where = a.where();
  const Value& body = a[2];
  if (!is_callable(body)) raise(ErrorId::lax_not_callable, where, "fori_loop", "body_fun argument");
  Operand lo = to_operand(ip, a[0], where), hi = to_operand(ip, a[1], where);
  DType dt = lo.aval.dtype;
  if (lo.aval.dtype != hi.aval.dtype) {
    // A weak (Python) int bound adopts the other bound's signed int type.
    bool signed_ints = array::is_signed_int(lo.aval.dtype) && array::is_signed_int(hi.aval.dtype);
    if (signed_ints && lo.aval.weak_type && !hi.aval.weak_type) dt = hi.aval.dtype;
    else if (signed_ints && !lo.aval.weak_type && hi.aval.weak_type) dt = lo.aval.dtype;
    else raise(ErrorId::lax_fori_bound_types, where, array::dtype_name(lo.aval.dtype), array::dtype_name(hi.aval.dtype));
  }
  Carry carry = carry_of(ip, a[3], where);
  bool static_bounds = !lo.traced() && !hi.traced();
  if (static_bounds) {
    int64_t l = lo.value.item_int(), h = hi.value.item_int();
    if (!ir::current_trace()) return fori_eager(ip, body, l, h, carry, where);
    return fori_scan(ip, body, l, h, carry, where);
  }
  // JAX refuses only `unroll is not None and unroll is not False and
  // unroll != 1`: None, False, 1 and True (== 1) pass.
  if (a.has(4) && !a[4].is_none()) {
    const Value& u = a[4];
    bool no_unroll = u.is_bool() || (u.is_int() && u.as_int() == 1);
    if (!no_unroll) raise(ErrorId::lax_fori_unroll, where);
  }
  if (lo.aval.dtype != dt) lo = jax::convert(lo, dt, false);
  if (hi.aval.dtype != dt) hi = jax::convert(hi, dt, false);
  if (!ir::current_trace() && (lo.batched() || hi.batched())) return fori_batched(ip, body, lo, hi, carry, where);
  return fori_while(ip, body, lo, hi, carry, where);
}

// ---------------------------------------------------------------- while_loop

Value while_loop(Interpreter& ip, const Args& a) {
  SourceRange where = a.where();
  const Value &cond_fun = a[0], &body_fun = a[1];
  if (!is_callable(body_fun) || !is_callable(cond_fun))
    raise(ErrorId::lax_not_callable, where, "while_loop", "body_fun and cond_fun arguments");
  Carry carry = carry_of(ip, a[2], where);
  CarryCheck check{"while_loop body", first_param(body_fun), "", where};
  std::vector<Operand> init = carry.ops;
  // jax.grad / jax.vjp through a while loop: JAX has no transpose for it.
  for (const Operand& op : init)
    if (ir::on_current_tape(op)) raise(ErrorId::grad_while_loop, where);
  if (!ir::current_trace()) {
    for (bool may_promote = true;; may_promote = false) {
      std::vector<Operand> c = init;
      bool restart = false, first = true;
      for (;;) {
        ip.tick();
        Operand p = predicate(ip, ip.call(cond_fun, {unflatten(carry.flat.tree, c)}, where), where);
        if (p.batched() ? !any_example(p, where) : !p.value.get_bool(0)) break;
        Value out = ip.call(body_fun, {unflatten(carry.flat.tree, c)}, where);
        std::vector<Operand> next = body_output(ip, out, carry.flat.tree, check, where);
        if (p.batched())
          for (size_t k = 0; k < next.size(); ++k) next[k] = select_leaf(p, {c[k], next[k]});
        if (may_promote && first && promote_weak(init, avals_of(next))) {
          restart = true;
          break;
        }
        check_types(check, carry.flat.paths, avals_of(c), avals_of(next));
        c = next;
        first = false;
      }
      if (!restart) return unflatten(carry.flat.tree, c);
    }
  }
  for (bool may_promote = true;; may_promote = false) {
    std::vector<ir::AVal> avals = avals_of(init);
    ir::SubTrace cond = ir::trace_sub("while_loop cond", avals, [&](const std::vector<Operand>& args) {
      return std::vector<Operand>{predicate(ip, ip.call(cond_fun, {unflatten(carry.flat.tree, args)}, where), where)};
    });
    ir::SubTrace body = ir::trace_sub("while_loop body", avals, [&](const std::vector<Operand>& args) {
      Value out = ip.call(body_fun, {unflatten(carry.flat.tree, args)}, where);
      return body_output(ip, out, carry.flat.tree, check, where);
    });
    std::vector<ir::AVal> outs = out_avals(*body.jaxpr);
    if (may_promote && promote_weak(init, outs)) continue;
    check_types(check, carry.flat.paths, avals_of(init), outs);
    std::vector<Operand> res = record(where, Prim::While, join(join(cond.captured, body.captured), init),
                                      {cond.jaxpr, body.jaxpr}, {cond.num_captured, body.num_captured}, outs);
    return unflatten(carry.flat.tree, res);
  }
}

// ---------------------------------------------------------------- cond / switch

struct Branch {
  ir::SubTrace sub;
  BranchOutputs out;
};

Branch trace_branch(Interpreter& ip, const Value& fn, std::string name, const Flat& ops,
                    const std::vector<Operand>& op_leaves, const char* purpose, SourceRange where) {
  Branch b;
  b.sub = ir::trace_sub(purpose, avals_of(op_leaves), [&](const std::vector<Operand>& args) {
    Value operands = unflatten(ops.tree, args);
    Value r = ip.call(fn, operands.as<TupleObj>().items, where);
    Flat f = flatten(ip, r, where);
    b.out = outputs_of(ip, fn, name, f);
    return to_ops(ip, f.leaves, where);
  });
  b.out.avals = out_avals(*b.sub.jaxpr);
  return b;
}

// Host lax.cond/switch: JAX traces every branch (their Python runs once
// each, in order) and checks their outputs agree before running the chosen
// one; here each branch runs eagerly once, the same checks apply, and the
// chosen branch's values are the result.
Value eager_branches(Interpreter& ip, const Values& fns, const std::vector<std::string>& names, size_t chosen,
                     const Values& operands, const char* api, SourceRange where) {
  std::vector<BranchOutputs> outs;
  std::vector<std::vector<Operand>> leaves;
  for (size_t i = 0; i < fns.size(); ++i) {
    Flat f = flatten(ip, ip.call(fns[i], operands, where), where);
    leaves.push_back(to_ops(ip, f.leaves, where));
    outs.push_back(outputs_of(ip, fns[i], names[i], f));
    outs.back().avals = avals_of(leaves.back());
  }
  for (size_t i = 1; i < outs.size(); ++i) check_branch_outputs(outs[0], outs[i], api, where);
  return unflatten(outs[chosen].tree, leaves[chosen]);
}

// One cond equation: consts are every branch's captures in trace order, and
// each branch jaxpr is widened to take all of them.
Value record_cond(SourceRange where, const Operand& index, std::vector<Branch>& bs, const std::vector<size_t>& order,
                  const std::vector<Operand>& op_leaves) {
  std::vector<Operand> consts;
  std::vector<size_t> offsets;
  for (const Branch& b : bs) {
    offsets.push_back(consts.size());
    consts.insert(consts.end(), b.sub.captured.begin(), b.sub.captured.end());
  }
  for (size_t k = 0; k < bs.size(); ++k) {
    ir::Jaxpr& j = *bs[k].sub.jaxpr;
    std::vector<int> old = j.invars, inv;
    size_t n = static_cast<size_t>(bs[k].sub.num_captured);
    for (size_t c = 0; c < consts.size(); ++c)
      inv.push_back(c >= offsets[k] && c < offsets[k] + n ? old[c - offsets[k]] : j.new_var(consts[c].aval));
    inv.insert(inv.end(), old.begin() + static_cast<std::ptrdiff_t>(n), old.end());
    j.invars = inv;
  }
  std::vector<ir::AVal> outs = bs[order[0]].out.avals;
  for (const Branch& b : bs)
    for (size_t i = 0; i < outs.size(); ++i) outs[i].weak_type = outs[i].weak_type && b.out.avals[i].weak_type;
  std::vector<ir::JaxprPtr> jaxprs;
  for (size_t k : order) jaxprs.push_back(bs[k].sub.jaxpr);
  std::vector<Operand> res = record(where, Prim::Cond, join(join({index}, consts), op_leaves), jaxprs,
                                    {static_cast<int64_t>(consts.size())}, outs);
  return unflatten(bs[0].out.tree, res);
}

Values operands_of(const Args& a, size_t operand_kw) {
  Values ops = a.rest();
  if (a.has(operand_kw)) ops.insert(ops.begin(), a[operand_kw]);
  return ops;
}

Value cond(Interpreter& ip, const Args& a) {
  SourceRange where = a.where();
  const Value &true_fun = a[1], &false_fun = a[2];
  if (!is_callable(true_fun) || !is_callable(false_fun))
    raise(ErrorId::lax_not_callable, where, "cond", "true_fun and false_fun arguments");
  if (a[0].is_none()) raise(ErrorId::lax_cond_pred_none, where);
  Operand pred = to_operand(ip, a[0], where);
  if (!pred.aval.shape.empty()) raise(ErrorId::lax_cond_pred_shape, where, ip.str(a[0]), array::shape_str(pred.aval.shape));
  DType t = pred.aval.dtype;
  if (array::is_float(t)) raise(ErrorId::lax_cond_pred_type, where, array::dtype_name(t));
  if (t != DType::Bool) {
    pred = pred.traced() ? ir::bind1(Prim::Ne, {pred, const_like(pred, 0)}, {})
                         : Operand::concrete(array::Array::scalar_bool(pred.value.get_int(0) != 0));
  }
  Values operands = operands_of(a, 3);
  if (!ir::current_trace() && pred.batched())
    return select_branches(ip, jax::convert(pred, DType::Int32, false), {false_fun, true_fun},
                           {"false_fun", "true_fun"}, 1, operands, "cond", where);
  if (!ir::current_trace())
    return eager_branches(ip, {true_fun, false_fun}, {"true_fun", "false_fun"}, pred.value.get_bool(0) ? 0 : 1,
                          operands, "cond", where);
  Flat ops = flatten(ip, make_tuple(operands), where);
  std::vector<Operand> leaves = to_ops(ip, ops.leaves, where);
  std::vector<Branch> bs;
  bs.push_back(trace_branch(ip, true_fun, "true_fun", ops, leaves, "cond branch", where));
  bs.push_back(trace_branch(ip, false_fun, "false_fun", ops, leaves, "cond branch", where));
  check_branch_outputs(bs[0].out, bs[1].out, "cond", where);
  ir::set_current_source(where);
  Operand index = jax::convert(pred, DType::Int32, false);
  return record_cond(where, index, bs, {1, 0}, leaves);
}

// conditionals.py names switch's branches "branch 0", "branch1", ...
std::vector<std::string> switch_names(size_t n) {
  std::vector<std::string> names{"branch 0"};
  for (size_t i = 1; i < n; ++i) names.push_back("branch" + std::to_string(i));
  return names;
}

Value switch_(Interpreter& ip, const Args& a) {
  SourceRange where = a.where();
  Values branches;
  bool ok = a[1].is(ObjKind::List) || a[1].is(ObjKind::Tuple);
  if (ok) branches = ip.iterate(a[1]);
  for (const Value& b : branches) ok = ok && is_callable(b);
  if (!ok) raise(ErrorId::lax_switch_not_callable, where);
  Operand index = to_operand(ip, a[0], where);
  if (!index.aval.shape.empty())
    raise(ErrorId::lax_switch_index_shape, where, ip.str(a[0]), array::shape_str(index.aval.shape));
  if (!array::is_integer(index.aval.dtype))
    raise(ErrorId::lax_switch_index_type, where, ip.str(a[0]), array::dtype_name(index.aval.dtype));
  if (branches.empty()) raise(ErrorId::lax_switch_empty, where);
  Values operands = operands_of(a, 2);
  if (branches.size() == 1) return ip.call(branches[0], operands, where);
  int64_t last = static_cast<int64_t>(branches.size()) - 1;
  if (!ir::current_trace() && index.batched()) {
    Operand idx = jax::convert(index, DType::Int32, false);
    idx = ir::bind1(Prim::Clamp, {jax::scalar_int(DType::Int32, 0), idx, jax::scalar_int(DType::Int32, last)}, {});
    return select_branches(ip, idx, branches, switch_names(branches.size()), 0, operands, "switch", where);
  }
  if (!ir::current_trace()) {
    int64_t i = std::clamp<int64_t>(index.value.get_int(0), 0, last);
    return eager_branches(ip, branches, switch_names(branches.size()), static_cast<size_t>(i), operands, "switch",
                          where);
  }
  Flat ops = flatten(ip, make_tuple(operands), where);
  std::vector<Operand> leaves = to_ops(ip, ops.leaves, where);
  std::vector<Branch> bs;
  std::vector<size_t> order;
  std::vector<std::string> names = switch_names(branches.size());
  for (size_t i = 0; i < branches.size(); ++i) {
    bs.push_back(trace_branch(ip, branches[i], names[i], ops, leaves, "switch branch", where));
    order.push_back(i);
  }
  for (size_t i = 1; i < bs.size(); ++i) check_branch_outputs(bs[0].out, bs[i].out, "switch", where);
  ir::set_current_source(where);
  Operand idx = jax::convert(index, DType::Int32, false);
  idx = ir::bind1(Prim::Clamp, {jax::scalar_int(DType::Int32, 0), idx, jax::scalar_int(DType::Int32, last)}, {});
  return record_cond(where, idx, bs, order, leaves);
}

}  // namespace

void add_lax_control(ModuleObj& m) {
  defn(m, "fori_loop", {"lower", "upper", "body_fun", "init_val", "*", "unroll"}, 4, fori_loop);
  defn(m, "while_loop", {"cond_fun", "body_fun", "init_val"}, 3, while_loop);
  defn(m, "cond", {"pred", "true_fun", "false_fun", "*", "operand", "linear"}, 3, cond, true);
  defn(m, "switch", {"index", "branches", "*", "operand"}, 2, switch_, true);
}

}  // namespace rungs::jax
