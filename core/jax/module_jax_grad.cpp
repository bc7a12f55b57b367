// jax.vjp, jax.grad, jax.value_and_grad, jax.jacrev, jax.jvp,
// jax.linearize, jax.jacfwd and custom_vjp under differentiation, over the
// host tape (core/ir/tape.h): the function runs once on concrete values
// with its differentiated inputs as tape leaves, then the tape runs
// backwards (reverse mode) or tangents are pushed through it (forward mode). A custom_vjp called on taped values runs
// its forward rule untaped and records its backward rule as one node; the
// kernels inside both rules run on their rungs like any other call.
#include <algorithm>
#include <map>
#include <set>

#include "core/array/ops.h"
#include "core/ir/ad_ops.h"
#include "core/ir/tape.h"
#include "core/jax/array_value.h"
#include "core/jax/jit_lowering.h"
#include "core/jax/jnp_ops.h"
#include "core/jax/module_lax_tree.h"
#include "core/jax/modules.h"
#include "core/python/args.h"
#include "core/python/modules.h"
#include "core/python/operators.h"
#include "core/python/value_ops.h"

namespace rungs::jax {

using array::Array;

namespace {

// One taped run of a function: its differentiated leaves and its outputs.
struct TapedRun {
  std::shared_ptr<ir::Tape> tape = std::make_shared<ir::Tape>();
  std::vector<Tree> arg_trees;        // per differentiated argument
  std::vector<ir::AVal> leaf_avals;   // every differentiated leaf, in order
  Value out;                          // the function's (first) output
  Value aux;                          // has_aux: the auxiliary output
  Flat out_flat;
  std::vector<ir::Operand> out_ops;
  std::string fun_src;                // "f at k.py:3", for JAX's messages
};

// Runs fun(*args) with args[i] differentiated where `diff[i]`.
// `known`: the leaves' tangents, when the caller knows them up front.
TapedRun run_taped(Interpreter& ip, const Value& fun, Values args, const std::vector<bool>& diff, bool has_aux,
                   const std::map<std::string, Value>& kwargs, SourceRange where, const ir::Tangents* known = nullptr,
                   std::optional<SourceRange> vmapped_at = std::nullopt) {
  TapedRun run;
  if (known) run.tape->leaf_tangents = *known;
  run.tape->vmapped_at = vmapped_at;
  run.fun_src = function_location(ip, fun);
  int leaf = 0;
  for (size_t i = 0; i < args.size(); ++i) {
    if (!diff[i]) continue;
    Flat f = flatten(ip, args[i], where);
    Values taped;
    for (const Value& v : f.leaves) {
      ir::Operand op = to_operand(ip, v, where, "vjp");
      run.leaf_avals.push_back(op.aval);
      taped.push_back(make_array(ir::tape_leaf(*run.tape, op, leaf++)));
    }
    run.arg_trees.push_back(f.tree);
    args[i] = unflatten_values(f.tree, taped);
  }
  CallArgs call;
  call.where = where;
  call.positional = std::move(args);
  for (const auto& [k, v] : kwargs) call.keywords.emplace_back(k, v);
  Value result;
  {
    ir::TapeScope scope(run.tape.get());
    result = ip.call(fun, std::move(call));
  }
  if (has_aux) {
    bool pair = (result.is(ObjKind::Tuple) || result.is(ObjKind::List)) && ip.iterate(result).size() == 2;
    if (!pair) raise(ErrorId::grad_aux_not_pair, where, "<class '" + type_name(result) + "'>", ip.repr(result));
    Values parts = ip.iterate(result);
    run.out = parts[0];
    run.aux = parts[1];
  } else {
    run.out = result;
  }
  run.out_flat = flatten(ip, run.out, where);
  for (const Value& v : run.out_flat.leaves) run.out_ops.push_back(to_operand(ip, v, where, "vjp"));
  return run;
}

// The cotangents of the differentiated arguments, one pytree per argument.
Values pull_back(Interpreter& ip, const TapedRun& run, const Value& ct, SourceRange where) {
  Flat cts = flatten(ip, ct, where);
  if (!same_tree(cts.tree, run.out_flat.tree))
    raise(ErrorId::vjp_cotangent_mismatch, where, run.fun_src, treedef(run.out_flat.tree), treedef(cts.tree));
  std::vector<ir::Operand> ct_ops;
  for (size_t i = 0; i < cts.leaves.size(); ++i) {
    ir::Operand c = to_operand(ip, cts.leaves[i], where, "vjp");
    ir::AVal want = run.out_ops[i].aval;
    want.weak_type = false;
    if (c.aval.shape != want.shape || c.aval.dtype != want.dtype)
      raise(ErrorId::vjp_cotangent_type, where, ir::aval_long_str(c.aval), ir::aval_long_str(want), ir::aval_long_str(want));
    ct_ops.push_back(c);
  }
  std::vector<ir::Operand> grads = ir::backward(*run.tape, run.out_ops, ct_ops, run.leaf_avals);
  Values out;
  size_t at = 0;
  for (const Tree& t : run.arg_trees) {
    Values leaves;
    for (size_t k = 0; k < leaf_count(t); ++k) leaves.push_back(make_array(grads[at++]));
    out.push_back(unflatten_values(t, leaves));
  }
  return out;
}

std::map<std::string, Value> keywords_of(const CallArgs& call) {
  std::map<std::string, Value> kw;
  for (const auto& [k, v] : call.keywords) kw[k] = v;
  return kw;
}

// jax.vjp(fun, *primals, has_aux=False) -> (out, vjp_fn[, aux]).
Value vjp(Interpreter& ip, CallArgs& call) {
  if (call.positional.empty()) raise(ErrorId::builtin_expected_at_least, call.where, "vjp", 1, "", 0);
  Value fun = call.positional[0];
  Values primals(call.positional.begin() + 1, call.positional.end());
  bool has_aux = false;
  if (const Value* h = call.keyword("has_aux")) has_aux = ip.truthy(*h);
  auto run = std::make_shared<TapedRun>(run_taped(ip, fun, primals, std::vector<bool>(primals.size(), true), has_aux, {},
                                                  call.where));
  Value vjp_fn = make_builtin("vjp_fn", [run](Interpreter& ip2, CallArgs& c) {
    if (c.positional.size() != 1) raise(ErrorId::builtin_expected_at_least, c.where, "vjp_fn", 1, "", c.positional.size());
    return make_tuple(pull_back(ip2, *run, c.positional[0], c.where));
  });
  if (has_aux) return make_tuple({run->out, vjp_fn, run->aux});
  return make_tuple({run->out, vjp_fn});
}

struct GradOptions {
  Value argnums = Value::integer(0);
  bool has_aux = false, allow_int = false;
};

std::vector<int64_t> argnum_list(const Value& argnums) {
  std::vector<int64_t> out;
  if (argnums.is_int()) out.push_back(argnums.as_int());
  else
    for (const Value& v : argnums.as<TupleObj>().items) out.push_back(v.as_int());
  return out;
}

// value_and_grad's body: (value[, aux]) and the gradient(s).
std::pair<Value, Value> value_and_grad_call(Interpreter& ip, const Value& fun, const GradOptions& o, CallArgs& call) {
  std::vector<int64_t> nums = argnum_list(o.argnums);
  int64_t max_num = *std::max_element(nums.begin(), nums.end());
  if (max_num >= static_cast<int64_t>(call.positional.size()))
    raise(ErrorId::grad_argnums_range, call.where, ip.repr(o.argnums), max_num + 1, call.positional.size());
  std::vector<bool> diff(call.positional.size(), false);
  for (int64_t n : nums) diff[static_cast<size_t>(n)] = true;
  for (int64_t n : nums) {
    for (const Value& leaf : flatten(ip, call.positional[static_cast<size_t>(n)], call.where).leaves) {
      ir::AVal a = to_operand(ip, leaf, call.where, "grad").aval;
      if (!array::is_float(a.dtype) && !o.allow_int)
        raise(ErrorId::grad_int_input, call.where, array::dtype_name(a.dtype));
    }
  }
  TapedRun run = run_taped(ip, fun, call.positional, diff, o.has_aux, keywords_of(call), call.where);
  if (run.out_ops.size() != 1 || !run.out_ops[0].aval.shape.empty()) {
    std::string shape = "()";
    if (run.out_ops.size() == 1) {
      Values dims;
      for (int64_t d : run.out_ops[0].aval.shape) dims.push_back(Value::integer(d));
      shape = ip.repr(make_tuple(dims));
    }
    int64_t size = run.out_ops.size() == 1 ? array::num_elements(run.out_ops[0].aval.shape) : 0;
    std::string extract = size == 1 ? std::string("extract the scalar with output.reshape(())") +
                                          (run.out_ops[0].aval.shape.size() == 1 ? " or output[0]" : "") + ", "
                                    : "";
    raise(ErrorId::grad_non_scalar, call.where, shape, extract);
  }
  if (!array::is_float(run.out_ops[0].aval.dtype))
    raise(ErrorId::grad_non_float_output, call.where, array::dtype_name(run.out_ops[0].aval.dtype));
  Value one = make_array(ir::ad::scalar(run.out_ops[0].aval.dtype, 1.0));
  Values grads = pull_back(ip, run, one, call.where);
  // Gradients come back per differentiated argument, in argument order.
  std::vector<int64_t> sorted = nums;
  std::sort(sorted.begin(), sorted.end());
  auto grad_of = [&](int64_t n) {
    return grads[static_cast<size_t>(std::find(sorted.begin(), sorted.end(), n) - sorted.begin())];
  };
  Value g;
  if (o.argnums.is_int()) {
    g = grad_of(o.argnums.as_int());
  } else {
    Values per;
    for (int64_t n : nums) per.push_back(grad_of(n));
    g = make_tuple(per);
  }
  Value value = o.has_aux ? make_tuple({run.out, run.aux}) : run.out;
  return {value, g};
}

GradOptions grad_options(Interpreter& ip, const Args& a) {
  GradOptions o;
  if (a.has(1)) o.argnums = a[1].is(ObjKind::List) ? make_tuple(ip.iterate(a[1])) : a[1];
  o.has_aux = a.has(2) && ip.truthy(a[2]);
  o.allow_int = a.has(4) && ip.truthy(a[4]);
  return o;
}

Value grad(Interpreter& ip, CallArgs& call, bool with_value) {
  Args a(call, with_value ? "value_and_grad" : "grad", {"fun", "argnums", "has_aux", "holomorphic", "allow_int", "reduce_axes"}, 1);
  Value fun = a[0];
  GradOptions o = grad_options(ip, a);
  std::string name = std::string(with_value ? "value_and_grad" : "grad") + "(" + callable_name(fun) + ")";
  return make_builtin(name, [fun, o, with_value](Interpreter& ip2, CallArgs& c) {
    auto [value, g] = value_and_grad_call(ip2, fun, o, c);
    if (with_value) return make_tuple({value, g});
    if (o.has_aux) return make_tuple({g, value.as<TupleObj>().items[1]});
    return g;
  });
}

// jax.custom_vjp's resolve_kwargs: every argument by position, keywords and
// defaults placed by the function's signature (nondiff_argnums count them).
void resolve_kwargs(const Value& fun, CallArgs& call) {
  Value f = python::unwrap_partial(is_jitted(fun) ? jitted_function(fun) : fun);
  if (call.keywords.empty() || !f.is(ObjKind::Function)) return;
  const auto& fo = f.as<FunctionObj>();
  const auto& params = fo.params();
  Values positional = call.positional;
  for (size_t i = positional.size(); i < params.size(); ++i) {
    if (params[i].kind != lang::ParamKind::Positional && params[i].kind != lang::ParamKind::PositionalOnly &&
        params[i].kind != lang::ParamKind::KeywordOnly)
      break;
    auto it = std::find_if(call.keywords.begin(), call.keywords.end(), [&](const auto& kw) { return kw.first == params[i].name; });
    if (it != call.keywords.end()) positional.push_back(it->second);
    else if (i < fo.has_default.size() && fo.has_default[i]) positional.push_back(fo.defaults[i]);
    else return;  // leave the call as written; the function's own error will name what is missing
  }
  call.positional = std::move(positional);
  call.keywords.clear();
}

// Tangents pushed through a taped run: the output pytree of tangents
// (zeros where the output does not depend on the inputs).
ir::Tangents tangent_leaves(Interpreter& ip, const Values& tangent_args, SourceRange where) {
  ir::Tangents leaf_tangents;
  for (const Value& t : tangent_args)
    for (const Value& leaf : flatten(ip, t, where).leaves) leaf_tangents.push_back(to_operand(ip, leaf, where, "jvp"));
  return leaf_tangents;
}

Value push_forward(Interpreter& ip, const TapedRun& run, const Values& tangent_args, SourceRange where) {
  ir::Tangents leaf_tangents = tangent_leaves(ip, tangent_args, where);
  ir::Tangents outs = ir::forward(*run.tape, run.out_ops, leaf_tangents);
  Values leaves;
  for (size_t i = 0; i < outs.size(); ++i) {
    const ir::AVal& primal = run.out_ops[i].aval;
    leaves.push_back(make_array(outs[i] ? ir::ad::convert(*outs[i], primal.dtype) : ir::ad::zeros(primal)));
  }
  return unflatten_values(run.out_flat.tree, leaves);
}

// jax.jvp's checks: sequences of the same structure, dtypes and shapes.
void check_jvp_arguments(Interpreter& ip, const Value& primals, const Value& tangents, SourceRange where) {
  bool seq_p = primals.is(ObjKind::Tuple) || primals.is(ObjKind::List);
  bool seq_t = tangents.is(ObjKind::Tuple) || tangents.is(ObjKind::List);
  if (!seq_p || !seq_t) raise(ErrorId::jvp_not_sequences, where, type_name(primals), type_name(tangents));
  Flat p = flatten(ip, make_tuple(ip.iterate(primals)), where), t = flatten(ip, make_tuple(ip.iterate(tangents)), where);
  if (!same_tree(p.tree, t.tree)) raise(ErrorId::jvp_tree_mismatch, where, treedef(p.tree), treedef(t.tree));
  for (size_t i = 0; i < p.leaves.size(); ++i) {
    ir::AVal a = to_operand(ip, p.leaves[i], where, "jvp").aval, b = to_operand(ip, t.leaves[i], where, "jvp").aval;
    if (a.dtype != b.dtype)
      raise(ErrorId::jvp_dtype_mismatch, where, array::dtype_name(a.dtype), array::dtype_name(a.dtype), array::dtype_name(b.dtype));
    if (a.shape != b.shape) {
      Values da, db;
      for (int64_t d : a.shape) da.push_back(Value::integer(d));
      for (int64_t d : b.shape) db.push_back(Value::integer(d));
      raise(ErrorId::jvp_shape_mismatch, where, ip.repr(make_tuple(da)), ip.repr(make_tuple(db)));
    }
  }
}

// jax.jvp(fun, primals, tangents, has_aux=False) -> (primals_out, tangents_out[, aux]).
Value jvp(Interpreter& ip, CallArgs& call) {
  Args a(call, "jvp", {"fun", "primals", "tangents", "has_aux"}, 3);
  check_jvp_arguments(ip, a[1], a[2], call.where);
  Values primals = ip.iterate(a[1]);
  bool has_aux = a.has(3) && ip.truthy(a[3]);
  ir::Tangents known = tangent_leaves(ip, ip.iterate(a[2]), call.where);
  TapedRun run = run_taped(ip, a[0], primals, std::vector<bool>(primals.size(), true), has_aux, {}, call.where, &known);
  Value tangents_out = push_forward(ip, run, ip.iterate(a[2]), call.where);
  if (has_aux) return make_tuple({run.out, tangents_out, run.aux});
  return make_tuple({run.out, tangents_out});
}

// jax.linearize(fun, *primals) -> (out, f_jvp): the tape kept, tangents pushed on demand.
Value linearize(Interpreter& ip, CallArgs& call) {
  if (call.positional.empty()) raise(ErrorId::builtin_expected_at_least, call.where, "linearize", 1, "", 0);
  Values primals(call.positional.begin() + 1, call.positional.end());
  auto run = std::make_shared<TapedRun>(
      run_taped(ip, call.positional[0], primals, std::vector<bool>(primals.size(), true), false, {}, call.where));
  Value f_jvp = make_builtin("f_jvp", [run](Interpreter& ip2, CallArgs& c) { return push_forward(ip2, *run, c.positional, c.where); });
  return make_tuple({run->out, f_jvp});
}

// jax.jacrev / jax.jacfwd (argnums=0): the Jacobian of the first output with
// respect to one argument, out.shape + in.shape -- by one backward pass per
// output element (reverse) or one forward pass per input element. The lines
// are joined with primitives, so an enclosing differentiation sees through
// them (jax.hessian is jacfwd of jacrev).
Value make_jacobian(const Value& fun, int64_t argnum, bool reverse) {
  const char* name = reverse ? "jacrev" : "jacfwd";
  return make_builtin(std::string(name) + "(" + callable_name(fun) + ")", [fun, argnum, reverse](Interpreter& ip2, CallArgs& c) {
    std::vector<bool> diff(c.positional.size(), false);
    diff.at(static_cast<size_t>(argnum)) = true;
    TapedRun run = run_taped(ip2, fun, c.positional, diff, false, keywords_of(c), c.where, nullptr,
                             reverse ? std::nullopt : std::optional<SourceRange>(c.where));
    const ir::AVal out = run.out_ops.at(0).aval;
    const ir::AVal& in = run.leaf_avals.at(0);
    int64_t n_in = array::num_elements(in.shape), n_out = array::num_elements(out.shape);
    std::vector<ir::Operand> lines;
    for (int64_t k = 0; k < (reverse ? n_out : n_in); ++k) {
      Array basis = reverse ? Array::zeros(out.dtype, out.shape) : Array::zeros(in.dtype, in.shape);
      basis.set_from_double(k, 1.0);
      ir::AVal line_aval = reverse ? in : out;
      line_aval.weak_type = false;
      std::optional<ir::Operand> line =
          reverse ? std::optional<ir::Operand>(ir::backward(*run.tape, run.out_ops, {ir::Operand::concrete(basis)}, run.leaf_avals)[0])
                  : ir::forward(*run.tape, run.out_ops, {ir::Operand::concrete(basis)})[0];
      ir::Operand l = line ? ir::ad::convert(*line, out.dtype) : ir::ad::zeros(ir::AVal::array(out.dtype, line_aval.shape));
      lines.push_back(ir::ad::reshape(l, {1, reverse ? n_in : n_out}));
    }
    array::Shape shape = out.shape;
    shape.insert(shape.end(), in.shape.begin(), in.shape.end());
    if (lines.empty()) return make_array(Array::zeros(out.dtype, shape));
    ir::Params cat;
    cat.n = 0;
    ir::Operand jac = lines.size() == 1 ? lines[0] : ir::bind1(ir::Prim::Concatenate, lines, cat);
    if (!reverse) jac = ir::ad::transpose(jac, {1, 0});  // lines are columns in forward mode
    return make_array(ir::ad::reshape(jac, shape));
  });
}

Value jacobian(Interpreter&, CallArgs& call, bool reverse) {
  Args a(call, reverse ? "jacrev" : "jacfwd", {"fun", "argnums", "has_aux", "holomorphic", "allow_int"}, 1);
  return make_jacobian(a[0], a.has(1) ? a[1].as_int() : 0, reverse);
}

// jax.hessian(fun, argnums=0): jacfwd(jacrev(fun)), as JAX defines it.
Value hessian(Interpreter&, CallArgs& call) {
  Args a(call, "hessian", {"fun", "argnums", "has_aux", "holomorphic"}, 1);
  int64_t argnum = a.has(1) ? a[1].as_int() : 0;
  return make_jacobian(make_jacobian(a[0], argnum, true), argnum, false);
}

// A custom_vjp/custom_jvp call's arguments as JAX splits them: keywords
// placed by the signature, nondiff_argnums apart (in order), the rest
// flattened into operands, and whether any of those is on the tape.
// A custom rule's output as a fresh value: the rule ran untaped, and the
// recorded node is what connects it to the inputs.
ir::Operand untagged(ir::Operand op) {
  op.tapes.clear();
  return op;
}

struct CustomArgs {
  Values nondiff_args, primals;
  std::vector<ir::Operand> in_ops;
  std::vector<Tree> trees;
  std::vector<ir::AVal> leaf_avals;
  bool any_taped = false;
};

CustomArgs split_custom_args(Interpreter& ip, const RecordObj& f, CallArgs& call, const char* what) {
  resolve_kwargs(f.get("fun"), call);
  std::set<int64_t> nondiff;
  for (const Value& v : f.get("nondiff_argnums").as<TupleObj>().items) {
    // custom_vjp/jvp read args[i] for each nondiff index: Python's IndexError past the end.
    if (v.as_int() >= static_cast<int64_t>(call.positional.size())) raise(ErrorId::custom_vjp_nondiff_range, call.where);
    nondiff.insert(v.as_int());
  }
  CustomArgs c;
  for (int64_t n : nondiff) c.nondiff_args.push_back(call.positional[static_cast<size_t>(n)]);
  for (size_t i = 0; i < call.positional.size(); ++i) {
    if (nondiff.count(static_cast<int64_t>(i))) continue;
    c.primals.push_back(call.positional[i]);
    Flat fl = flatten(ip, call.positional[i], call.where);
    c.trees.push_back(fl.tree);
    for (const Value& leaf : fl.leaves) {
      c.in_ops.push_back(to_operand(ip, leaf, call.where, what));
      c.leaf_avals.push_back(c.in_ops.back().aval);
      c.any_taped = c.any_taped || ir::on_current_tape(c.in_ops.back());
    }
  }
  return c;
}

}  // namespace

// A custom_vjp called on taped values: the forward rule runs untaped, its
// backward rule becomes the node's pull-back (nondiff_argnums pass through).
Value call_custom_vjp_taped(Interpreter& ip, const RecordObj& f, CallArgs& call, bool* handled) {
  *handled = false;
  if (!ir::current_tape() || f.get("fwd").is_none()) return Value::none();
  CustomArgs args = split_custom_args(ip, f, call, "custom_vjp");
  if (!args.any_taped) return Value::none();
  *handled = true;
  std::vector<ir::Operand>& in_ops = args.in_ops;
  const std::vector<Tree>& trees = args.trees;
  Value fwd_out;
  {
    ir::TapeScope untaped(nullptr);
    ir::AdRoleScope role(ir::AdRole::Forward);
    fwd_out = ip.call(f.get("fwd"), call);
  }
  Values parts = ip.iterate(fwd_out);
  Value out = parts.at(0), residuals = parts.at(1);
  Flat out_flat = flatten(ip, out, call.where);
  std::vector<ir::Operand> out_ops;
  for (const Value& leaf : out_flat.leaves) out_ops.push_back(untagged(to_operand(ip, leaf, call.where, "custom_vjp")));
  Values nondiff_args = args.nondiff_args;
  Value bwd = f.get("bwd");
  Tree out_tree = out_flat.tree;
  SourceRange where = call.where;
  std::string in_tree = treedef(flatten(ip, make_tuple(args.primals), call.where).tree);
  auto backward = [&ip, bwd, residuals, nondiff_args, out_tree, trees, in_tree, where](const std::vector<ir::Operand>& cts) {
    ir::TapeScope untaped(nullptr);
    ir::AdRoleScope role(ir::AdRole::Backward);
    Values ct_leaves;
    for (const ir::Operand& c : cts) ct_leaves.push_back(make_array(c));
    Values args = nondiff_args;
    args.push_back(residuals);
    args.push_back(unflatten_values(out_tree, ct_leaves));
    Value result = ip.call(bwd, args, where);
    // One cotangent per differentiated argument: None stands for zeros of
    // the whole argument, and an argument with no array leaves (None) takes
    // nothing from its entry, as JAX's bwd output handling allows. A list of
    // the right length counts as the tuple; anything else is JAX's error.
    bool sequence = result.is(ObjKind::Tuple) || (result.is(ObjKind::List) && ip.iterate(result).size() == trees.size());
    Values items = sequence ? ip.iterate(result) : Values{};
    bool fits = sequence && items.size() == trees.size();
    // (JAX maps over the bwd output: a leaf there stands for a whole
    // argument; only a container must match the argument's structure.)
    for (size_t i = 0; fits && i < items.size(); ++i) {
      Flat f = flatten(ip, items[i], where);
      bool leaf = items[i].is_none() || (f.leaves.size() == 1 && f.leaves[0].identical(items[i]));
      fits = leaf || f.leaves.size() == leaf_count(trees[i]);
    }
    if (!fits) raise(ErrorId::custom_vjp_bwd_structure, where, treedef(flatten(ip, result, where).tree), in_tree);
    ir::Tangents out;
    for (size_t i = 0; i < trees.size(); ++i) {
      size_t want = leaf_count(trees[i]);
      Values leaves = i < items.size() && !items[i].is_none() ? flatten(ip, items[i], where).leaves : Values{};
      for (size_t k = 0; k < want; ++k) {
        if (k < leaves.size() && !leaves[k].is_none()) out.push_back(to_operand(ip, leaves[k], where, "custom_vjp"));
        else out.push_back(std::nullopt);
      }
    }
    return out;
  };
  // Forward mode cannot pass a custom_vjp, as in JAX.
  auto forward = [where](const ir::Tangents&) -> ir::Tangents { raise(ErrorId::jvp_custom_vjp, where); };
  ir::record_custom(in_ops, out_ops, forward, backward);
  Values out_leaves;
  for (ir::Operand& op : out_ops) out_leaves.push_back(make_array(op));
  return unflatten_values(out_tree, out_leaves);
}

// A custom_jvp called on taped values: the primal output is the function's
// own (untaped); forward mode pushes tangents through the JVP rule, reverse
// mode records that rule on a fresh tape with zero tangents as leaves and
// pulls the cotangents back through it (the rule is linear in its tangents,
// so this is its transpose, as JAX transposes it).
Value call_custom_jvp_taped(Interpreter& ip, const RecordObj& f, CallArgs& call, bool* handled) {
  *handled = false;
  if (!ir::current_tape() || f.get("jvp").is_none()) return Value::none();
  CustomArgs args = split_custom_args(ip, f, call, "custom_jvp");
  if (!args.any_taped) return Value::none();
  *handled = true;
  const Values &primals = args.primals, &nondiff_args = args.nondiff_args;
  const std::vector<Tree>& trees = args.trees;
  const std::vector<ir::AVal>& leaf_avals = args.leaf_avals;
  Value out;
  {
    ir::TapeScope untaped(nullptr);
    out = ip.call(f.get("fun"), call);
  }
  Flat out_flat = flatten(ip, out, call.where);
  std::vector<ir::Operand> out_ops;
  for (const Value& leaf : out_flat.leaves)
    out_ops.push_back(untagged(to_operand(ip, leaf, call.where, "custom_jvp")));
  Value rule = f.get("jvp");
  SourceRange where = call.where;
  // The rule's tangent output for tangent pytrees built from `leaves`.
  auto tangent_out = [&ip, rule, nondiff_args, primals, trees, where](const Values& leaves) {
    Values tangents;
    size_t at = 0;
    for (const Tree& t : trees) {
      Values mine(leaves.begin() + static_cast<std::ptrdiff_t>(at), leaves.begin() + static_cast<std::ptrdiff_t>(at + leaf_count(t)));
      at += leaf_count(t);
      tangents.push_back(unflatten_values(t, mine));
    }
    Values args = nondiff_args;
    args.push_back(make_tuple(primals));
    args.push_back(make_tuple(tangents));
    Values pair = ip.iterate(ip.call(rule, args, where));
    return flatten(ip, pair.at(1), where).leaves;
  };
  auto forward = [&ip, tangent_out, leaf_avals, where](const ir::Tangents& t) {
    Values leaves;
    for (size_t i = 0; i < leaf_avals.size(); ++i)
      leaves.push_back(make_array(i < t.size() && t[i] ? *t[i] : ir::ad::zeros(leaf_avals[i])));
    ir::Tangents out;
    for (const Value& v : tangent_out(leaves)) out.push_back(to_operand(ip, v, where, "custom_jvp"));
    return out;
  };
  auto backward = [&ip, tangent_out, leaf_avals, where](const std::vector<ir::Operand>& cts) {
    ir::Tape inner;
    Values leaves;
    for (size_t i = 0; i < leaf_avals.size(); ++i)
      leaves.push_back(make_array(ir::tape_leaf(inner, ir::ad::zeros(leaf_avals[i]), static_cast<int>(i))));
    std::vector<ir::Operand> outs;
    {
      ir::TapeScope scope(&inner);
      for (const Value& v : tangent_out(leaves)) outs.push_back(to_operand(ip, v, where, "custom_jvp"));
    }
    ir::Tangents result;
    for (ir::Operand& g : ir::backward(inner, outs, cts, leaf_avals)) result.push_back(std::move(g));
    return result;
  };
  ir::record_custom(args.in_ops, out_ops, forward, backward);
  Values out_leaves;
  for (ir::Operand& op : out_ops) out_leaves.push_back(make_array(op));
  return unflatten_values(out_flat.tree, out_leaves);
}

void add_jax_grad(ModuleObj& m) {
  def(m, "vjp", vjp);
  def(m, "grad", [](Interpreter& ip, CallArgs& c) { return grad(ip, c, false); });
  def(m, "value_and_grad", [](Interpreter& ip, CallArgs& c) { return grad(ip, c, true); });
  def(m, "jacrev", [](Interpreter& ip, CallArgs& c) { return jacobian(ip, c, true); });
  def(m, "jacobian", [](Interpreter& ip, CallArgs& c) { return jacobian(ip, c, true); });
  def(m, "jvp", jvp);
  def(m, "linearize", linearize);
  def(m, "jacfwd", [](Interpreter& ip, CallArgs& c) { return jacobian(ip, c, false); });
  def(m, "hessian", hessian);
}

}  // namespace rungs::jax
