// jax.lax: the primitives themselves, strict about types. Unlike jax.numpy,
// lax never promotes: operands must share a dtype (TypeError "lax.add
// requires arguments to have the same dtypes, got float32, int32."), except
// that a bare Python scalar adopts the other operand's dtype when its kind
// fits (an int into any number type, a float into a float type). Shapes
// must agree up to size-1 dimensions and rank-0 operands.
// Control flow (fori_loop, while_loop, cond, switch) is in
// module_lax_control.cpp; axis_index/axis_size are added by core/pallas.
//
// Control-flow equations. Recorded only while a trace is active (a kernel
// body or index map); host code runs loops and branches eagerly in Python.
//
// scan  -- lax.fori_loop with static bounds (JAX lowers it to a scan)
//   inputs   [consts..., lower:i32[], carries...]
//   params   jaxprs = [body]; n = length = max(upper - lower, 0);
//            counts = [num_consts, num_carry], num_carry = 1 + #carries
//   body     invars  [consts..., i:i32[], carries...]
//            outvars [i + 1, carries'...]
//   outputs  [i_final:i32[], carries...]  (fori_loop returns the carries)
//   Run: c = inputs[num_consts:]; n times: c = body(consts..., c...).
//
// while -- lax.while_loop, and lax.fori_loop with traced bounds
//   inputs   [cond_consts..., body_consts..., carries...]
//   params   jaxprs = [cond, body]; counts = [cond_nconsts, body_nconsts]
//   cond     invars [cond_consts..., carries...] -> outvars [pred:bool[]]
//   body     invars [body_consts..., carries...] -> outvars [carries'...]
//   outputs  [carries...]
//   fori_loop(lower, upper, f, x) with a traced bound: carries =
//   [i, upper, x...], cond = lt(i, upper), body = (i + 1, upper, f(i, x)).
//
// cond  -- lax.cond and lax.switch
//   inputs   [index:i32[], consts..., operands...]
//   params   jaxprs = branches (lax.cond: [false_fun, true_fun]);
//            counts = [num_consts]
//   branch   invars [consts..., operands...] -> outvars [results...]; every
//            branch takes every const and ignores those it does not use
//   outputs  the results of branches[index]. lax.cond turns its predicate
//            into the index with convert_element_type (bool -> i32, so
//            0 = false); lax.switch records clamp(0, index, n - 1) first,
//            so the index is always in range.
// Sub-jaxprs are closed: what a body captures from the enclosing trace
// arrives through the consts.
#include <algorithm>
#include <cmath>
#include <set>

#include "core/array/ops.h"
#include "core/ir/tape.h"
#include "core/jax/module_lax_tree.h"
#include "core/jax/module_jnp_parts.h"
#include "core/python/value_ops.h"

namespace rungs::jax {

namespace {

// A Python scalar takes `like`'s dtype when its kind fits (weak, as JAX's
// binding of Python scalars is).
Operand adopt(Interpreter& ip, const Value& v, const Operand* like, SourceRange where) {
  Operand op = to_operand(ip, v, where);
  if (!like || !v.is_number()) return op;
  DType t = like->aval.dtype;
  bool fits = v.is_bool() ? t == DType::Bool : v.is_int() ? t != DType::Bool : array::is_float(t);
  return fits ? jax::convert(op, t, true) : op;
}

std::pair<Operand, Operand> pair_of(Interpreter& ip, const Value& a, const Value& b, SourceRange where,
                                    const char* prim = "convert_element_type") {
  Operand x = to_operand(ip, a, where, prim), y = to_operand(ip, b, where, prim);
  if (a.is_number() && !b.is_number()) x = adopt(ip, a, &y, where);
  if (b.is_number() && !a.is_number()) y = adopt(ip, b, &x, where);
  return {x, y};
}

// lax's broadcasting_shape_rule (_try_broadcast_shapes): equal ranks
// (ignoring scalars; JAX names the set of ranks) and equal sizes up to 1s,
// which broadcast (lax has allowed size-1 dimensions since 2021).
void check_shapes(const std::string& name, const std::vector<Operand>& xs) {
  std::vector<Shape> shapes;
  for (const Operand& x : xs)
    if (!x.aval.shape.empty()) shapes.push_back(x.aval.shape);
  if (shapes.size() < 2) return;
  std::string text;
  for (size_t i = 0; i < shapes.size(); ++i) text += (i ? ", " : "") + array::shape_str(shapes[i]);
  std::set<size_t> ranks;
  for (const Shape& s : shapes) ranks.insert(s.size());
  if (ranks.size() > 1) {
    std::string set_text;
    for (size_t r : ranks) set_text += (set_text.empty() ? "" : ", ") + std::to_string(r);
    raise_here(ErrorId::lax_rank_mismatch, name, "{" + set_text + "}");
  }
  for (size_t d = 0; d < shapes[0].size(); ++d) {
    int64_t want = 1;
    for (const Shape& s : shapes) {
      if (s[d] == 1) continue;
      if (want != 1 && s[d] != want) raise_here(ErrorId::lax_shape_mismatch, name, text);
      want = s[d];
    }
  }
}

bool float_only(Prim p) {
  switch (p) {
    case Prim::Floor: case Prim::Ceil: case Prim::Round: case Prim::IsFinite: case Prim::Exp: case Prim::Exp2:
    case Prim::Log: case Prim::Log1p: case Prim::Expm1: case Prim::Tanh: case Prim::Logistic: case Prim::Sin:
    case Prim::Cos: case Prim::Tan: case Prim::Asin: case Prim::Acos: case Prim::Atan: case Prim::Sinh:
    case Prim::Cosh: case Prim::Asinh: case Prim::Acosh: case Prim::Atanh: case Prim::Sqrt: case Prim::Rsqrt:
    case Prim::Cbrt: case Prim::Erf: case Prim::ErfInv: case Prim::Atan2: case Prim::NextAfter:
      return true;
    default: return false;
  }
}

void check_float(Prim p, const Operand& x) {
  if (float_only(p) && !array::is_float(x.aval.dtype))
    raise_here(ErrorId::op_dtype, std::string(ir::prim_name(p)), array::dtype_name(x.aval.dtype), "floating, complexfloating");
}

Operand lax_unary(Prim p, const Operand& x) {
  check_float(p, x);
  return ir::bind1(p, {x}, {});
}

Operand lax_binary(Interpreter& ip, Prim p, const Args& a) {
  std::string name(ir::prim_name(p));
  auto [x, y] = pair_of(ip, a[0], a[1], a.where(), name.c_str());
  check_float(p, x);
  check_shapes(std::string(ir::prim_name(p)), {x, y});
  return ir::bind1(p, {x, y}, {});
}

std::vector<int64_t> axes_norm(Interpreter& ip, const Value& v, int64_t r, SourceRange where) {
  std::vector<int64_t> axes = ints_value(ip, v, where);
  for (int64_t& ax : axes) ax = jax::normalize_axis(ax, r);
  return axes;
}

std::string reprs(Interpreter& ip, const Values& vs) {
  std::string s = "(";
  for (size_t i = 0; i < vs.size(); ++i) s += (i ? ", " : "") + ip.repr(vs[i]);
  return s + (vs.size() == 1 ? ",)" : ")");
}

// JAX's _dynamic_slice_indices: negative starts count from the end.
std::vector<Operand> slice_starts(Interpreter& ip, const Value& v, const Shape& shape, const char* what,
                                  SourceRange where) {
  Values items = ip.iterate(v);
  (void)what;
  if (items.size() != shape.size()) raise(ErrorId::dynamic_slice_rank, where, reprs(ip, items), array::shape_str(shape));
  std::vector<Operand> out;
  for (size_t d = 0; d < items.size(); ++d) {
    const Value& i = items[d];
    if (is_int_like(i)) {
      int64_t s = i.as_int();
      out.push_back(jax::scalar_int(DType::Int32, s < 0 ? s + shape[d] : s, true));
      continue;
    }
    Operand x = to_operand(ip, i, where);
    Operand neg = ir::bind1(Prim::Lt, {x, const_like(x, 0)}, {});
    Operand wrapped = ir::bind1(Prim::Add, {x, const_like(x, static_cast<double>(shape[d]))}, {});
    out.push_back(ir::bind1(Prim::SelectN, {neg, x, wrapped}, {}));
  }
  return out;
}

Operand dynamic_slice(Interpreter& ip, const Operand& x, const Value& starts, const Shape& sizes, SourceRange where) {
  std::vector<Operand> in{x};
  for (const Operand& s : slice_starts(ip, starts, x.aval.shape, "dynamic_slice", where)) in.push_back(s);
  bool ok = sizes.size() == x.aval.shape.size();
  for (size_t d = 0; ok && d < sizes.size(); ++d) ok = sizes[d] >= 0 && sizes[d] <= x.aval.shape[d];
  if (!ok) raise(ErrorId::dynamic_slice_sizes, where, array::shape_str(sizes), array::shape_str(x.aval.shape));
  ir::Params p;
  p.shape = sizes;
  return ir::bind1(Prim::DynamicSlice, in, p);
}

Operand dynamic_update_slice(Interpreter& ip, const Operand& x, Operand u, const Value& starts, SourceRange where) {
  if (u.aval.dtype != x.aval.dtype)
    raise(ErrorId::lax_dtype_mismatch, where, "dynamic_update_slice", array::dtype_name(x.aval.dtype),
          array::dtype_name(u.aval.dtype));
  bool ok = u.aval.shape.size() == x.aval.shape.size();
  for (size_t d = 0; ok && d < u.aval.shape.size(); ++d) ok = u.aval.shape[d] <= x.aval.shape[d];
  if (!ok) raise(ErrorId::dynamic_update_slice_shape, where, array::shape_str(u.aval.shape), array::shape_str(x.aval.shape));
  std::vector<Operand> in{x, u};
  for (const Operand& s : slice_starts(ip, starts, x.aval.shape, "dynamic_update_slice", where)) in.push_back(s);
  return ir::bind1(Prim::DynamicUpdateSlice, in, {});
}

// Start indices for the *_in_dim forms: zeros except at `axis`.
Value starts_in_dim(const Value& index, int64_t r, int64_t axis) {
  Values starts(static_cast<size_t>(r), Value::integer(0));
  starts[static_cast<size_t>(axis)] = index;
  return make_tuple(starts);
}

Operand reduce(Interpreter& ip, Prim p, const Args& a) {
  Operand x = to_op(ip, a[0], a.where());
  ir::Params params;
  params.axes = axes_norm(ip, a[1], rank(x), a.where());
  std::sort(params.axes.begin(), params.axes.end());
  return ir::bind1(p, {x}, params);
}

int precision_arg(Interpreter& ip, const Value& v) {
  if (v.is_none()) return 0;
  if (v.is(ObjKind::Tuple) || v.is(ObjKind::List)) {
    Values items = ip.iterate(v);
    return items.empty() ? 0 : precision_arg(ip, items[0]);
  }
  if (is_int_like(v)) return static_cast<int>(v.as_int());
  if (v.is(ObjKind::Str)) {
    const std::string& s = v.as<StrObj>().s;
    return s == "highest" || s == "float32" ? 2 : s == "high" || s == "bfloat16_3x" ? 1 : 0;
  }
  return 0;
}

std::vector<int> int_list(Interpreter& ip, const Value& v, SourceRange where) {
  std::vector<int> out;
  for (int64_t i : ints_value(ip, v, where)) out.push_back(static_cast<int>(i));
  return out;
}

Operand dot_general(Interpreter& ip, const Args& a) {
  Operand x = to_op(ip, a[0], a.where()), y = to_op(ip, a[1], a.where());
  Values dn = ip.iterate(a[2]);
  Values contract = dn.size() == 2 ? ip.iterate(dn[0]) : Values{}, batch = dn.size() == 2 ? ip.iterate(dn[1]) : Values{};
  if (contract.size() != 2 || batch.size() != 2)
    raise(ErrorId::builtin_arg_type, a.where(), "dot_general", "dimension_numbers",
          "((lhs_contracting, rhs_contracting), (lhs_batch, rhs_batch))", type_name(a[2]));
  ir::Params p;
  p.dot.lhs_contract = int_list(ip, contract[0], a.where());
  p.dot.rhs_contract = int_list(ip, contract[1], a.where());
  p.dot.lhs_batch = int_list(ip, batch[0], a.where());
  p.dot.rhs_batch = int_list(ip, batch[1], a.where());
  p.n = precision_arg(ip, a[3]);
  if (auto pref = dtype_at(ip, a, 4)) {
    p.flag = true;
    p.dtype = *pref;
  }
  return ir::bind1(Prim::DotGeneral, {x, y}, p);
}

Value namespace_of(const std::string& name, std::vector<std::pair<const char*, int64_t>> values) {
  auto m = new_module(name);
  for (auto [k, v] : values) m->attrs[k] = Value::integer(v);
  return Value::object(m);
}

void add_elementwise(ModuleObj& m) {
  struct U {
    const char* name;
    Prim prim;
  };
  for (U u : {U{"neg", Prim::Neg}, {"sign", Prim::Sign}, {"floor", Prim::Floor}, {"ceil", Prim::Ceil},
              {"is_finite", Prim::IsFinite}, {"exp", Prim::Exp}, {"exp2", Prim::Exp2}, {"log", Prim::Log},
              {"log1p", Prim::Log1p}, {"expm1", Prim::Expm1}, {"tanh", Prim::Tanh}, {"logistic", Prim::Logistic},
              {"sin", Prim::Sin}, {"cos", Prim::Cos}, {"tan", Prim::Tan}, {"asin", Prim::Asin}, {"acos", Prim::Acos},
              {"atan", Prim::Atan}, {"sinh", Prim::Sinh}, {"cosh", Prim::Cosh}, {"asinh", Prim::Asinh},
              {"acosh", Prim::Acosh}, {"atanh", Prim::Atanh}, {"sqrt", Prim::Sqrt}, {"rsqrt", Prim::Rsqrt},
              {"cbrt", Prim::Cbrt}, {"abs", Prim::Abs}, {"bitwise_not", Prim::Not}, {"erf", Prim::Erf},
              {"erf_inv", Prim::ErfInv}, {"square", Prim::Square}, {"population_count", Prim::PopulationCount},
              {"clz", Prim::Clz}}) {
    Prim p = u.prim;
    defn(m, u.name, {"x"}, 1, [p](Interpreter& ip, const Args& a) {
      std::string name(ir::prim_name(p));
      return wrap(lax_unary(p, to_operand(ip, a[0], a.where(), name.c_str())));
    });
  }
  defn(m, "round", {"x", "rounding_method"}, 1, [](Interpreter& ip, const Args& a) {
    Operand x = to_op(ip, a[0], a.where());
    check_float(Prim::Round, x);
    if (a.int_at(1, 0) == 1) return wrap(round_half_even(x));
    return wrap(ir::bind1(Prim::Round, {x}, {}));
  });
  defn(m, "integer_pow", {"x", "y"}, 2, [](Interpreter& ip, const Args& a) {
    Operand x = to_op(ip, a[0], a.where());
    return wrap(jax::power(x, x, a.int_at(1, 0)));
  });
  defn(m, "reciprocal", {"x"}, 1, [](Interpreter& ip, const Args& a) {
    Operand x = to_op(ip, a[0], a.where());
    return wrap(jax::power(x, x, -1));
  });
  // stop_gradient: the same values, cut from jax.grad's tape (pytrees of arrays too).
  defn(m, "stop_gradient", {"x"}, 1, [](Interpreter& ip, const Args& a) {
    Flat f = flatten(ip, a[0], a.where());
    Values leaves;
    for (const Value& leaf : f.leaves) {
      if (leaf.is(ObjKind::Array) && ir::on_current_tape(leaf.as<ArrayObj>().op))
        leaves.push_back(make_array(ir::Operand::concrete(leaf.as<ArrayObj>().op.value)));
      else
        leaves.push_back(leaf);
    }
    return unflatten_values(f.tree, leaves);
  });
  struct B {
    const char* name;
    Prim prim;
  };
  for (B b : {B{"add", Prim::Add}, {"sub", Prim::Sub}, {"mul", Prim::Mul}, {"div", Prim::Div}, {"rem", Prim::Rem},
              {"pow", Prim::Pow}, {"max", Prim::Max}, {"min", Prim::Min}, {"atan2", Prim::Atan2},
              {"nextafter", Prim::NextAfter}, {"bitwise_and", Prim::And}, {"bitwise_or", Prim::Or},
              {"bitwise_xor", Prim::Xor}, {"shift_left", Prim::ShiftLeft},
              {"shift_right_arithmetic", Prim::ShiftRightArithmetic},
              {"shift_right_logical", Prim::ShiftRightLogical}, {"eq", Prim::Eq}, {"ne", Prim::Ne},
              {"lt", Prim::Lt}, {"le", Prim::Le}, {"gt", Prim::Gt}, {"ge", Prim::Ge}}) {
    Prim p = b.prim;
    defn(m, b.name, {"x", "y"}, 2, [p](Interpreter& ip, const Args& a) { return wrap(lax_binary(ip, p, a)); });
  }
}

void add_structural(ModuleObj& m) {
  defn(m, "select", {"pred", "on_true", "on_false"}, 3, [](Interpreter& ip, const Args& a) {
    Operand c = to_op(ip, a[0], a.where());
    auto [t, f] = pair_of(ip, a[1], a[2], a.where());
    return wrap(ir::bind1(Prim::SelectN, {c, f, t}, {}));
  });
  defn(m, "select_n", {"which"}, 1, [](Interpreter& ip, const Args& a) {
    std::vector<Operand> in{to_op(ip, a[0], a.where())};
    for (const Value& v : a.rest()) in.push_back(to_op(ip, v, a.where()));
    return wrap(ir::bind1(Prim::SelectN, in, {}));
  }, true);
  defn(m, "clamp", {"min", "x", "max"}, 3, [](Interpreter& ip, const Args& a) {
    Operand x = to_op(ip, a[1], a.where());
    Operand lo = adopt(ip, a[0], &x, a.where()), hi = adopt(ip, a[2], &x, a.where());
    for (const Operand& b : {lo, hi})
      if (b.aval.dtype != x.aval.dtype)
        raise(ErrorId::lax_dtype_mismatch, a.where(), "clamp", array::dtype_name(b.aval.dtype), array::dtype_name(x.aval.dtype));
    return wrap(ir::bind1(Prim::Clamp, {lo, x, hi}, {}));
  });
  defn(m, "convert_element_type", {"operand", "new_dtype"}, 2, [](Interpreter& ip, const Args& a) {
    return wrap(jax::convert(to_op(ip, a[0], a.where()), dtype_value_or_raise(ip, a[1], a.where()), false));
  });
  defn(m, "bitcast_convert_type", {"operand", "new_dtype"}, 2, [](Interpreter& ip, const Args& a) {
    Operand x = to_op(ip, a[0], a.where());
    array::DType to = dtype_value_or_raise(ip, a[1], a.where());
    if (x.traced()) {
      ir::Params p;
      p.dtype = to;
      return wrap(ir::bind1(Prim::BitcastConvertType, {x}, p));
    }
    return make_array(array::bitcast_convert(x.value, to));
  });
  defn(m, "iota", {"dtype", "size"}, 2, [](Interpreter& ip, const Args& a) {
    return wrap(jax::iota(dtype_value_or_raise(ip, a[0], a.where()), {a.int_at(1, 0)}, 0));
  });
  defn(m, "broadcasted_iota", {"dtype", "shape", "dimension"}, 3, [](Interpreter& ip, const Args& a) {
    Shape s = shape_value(ip, a[1], a.where());
    int64_t dim = a.int_at(2, 0);
    if (dim < 0 || dim >= static_cast<int64_t>(s.size()))
      raise(ErrorId::iota_dimension, a.where(), dim, array::shape_str(s));
    return wrap(jax::iota(dtype_value_or_raise(ip, a[0], a.where()), s, dim));
  });
  defn(m, "dot_general", {"lhs", "rhs", "dimension_numbers", "precision", "preferred_element_type", "out_sharding"}, 3,
       [](Interpreter& ip, const Args& a) { return wrap(dot_general(ip, a)); });
  defn(m, "dot", {"lhs", "rhs", "precision", "preferred_element_type"}, 2, [](Interpreter& ip, const Args& a) {
    Operand x = to_op(ip, a[0], a.where()), y = to_op(ip, a[1], a.where());
    if (rank(x) < 1 || rank(x) > 2 || rank(y) < 1 || rank(y) > 2 || x.aval.shape.back() != y.aval.shape[0])
      raise(ErrorId::lax_dot_shapes, a.where(), array::shape_str(x.aval.shape), array::shape_str(y.aval.shape));
    ir::Params p;
    p.dot.lhs_contract = {static_cast<int>(rank(x) - 1)};
    p.dot.rhs_contract = {0};
    p.n = precision_arg(ip, a[2]);
    if (auto pref = dtype_at(ip, a, 3)) {
      p.flag = true;
      p.dtype = *pref;
    }
    return wrap(ir::bind1(Prim::DotGeneral, {x, y}, p));
  });
  defn(m, "dynamic_slice", {"operand", "start_indices", "slice_sizes"}, 3, [](Interpreter& ip, const Args& a) {
    return wrap(dynamic_slice(ip, to_op(ip, a[0], a.where()), a[1], shape_value(ip, a[2], a.where()), a.where()));
  });
  defn(m, "dynamic_update_slice", {"operand", "update", "start_indices"}, 3, [](Interpreter& ip, const Args& a) {
    Operand x = to_op(ip, a[0], a.where());
    return wrap(dynamic_update_slice(ip, x, adopt(ip, a[1], &x, a.where()), a[2], a.where()));
  });
  defn(m, "dynamic_slice_in_dim", {"operand", "start_index", "slice_size", "axis"}, 3, [](Interpreter& ip, const Args& a) {
    Operand x = to_op(ip, a[0], a.where());
    int64_t ax = jax::normalize_axis(a.int_at(3, 0), rank(x));
    Shape sizes = x.aval.shape;
    sizes[static_cast<size_t>(ax)] = a.int_at(2, 0);
    return wrap(dynamic_slice(ip, x, starts_in_dim(a[1], rank(x), ax), sizes, a.where()));
  });
  defn(m, "dynamic_index_in_dim", {"operand", "index", "axis", "keepdims"}, 2, [](Interpreter& ip, const Args& a) {
    Operand x = to_op(ip, a[0], a.where());
    int64_t ax = jax::normalize_axis(a.int_at(2, 0), rank(x));
    Shape sizes = x.aval.shape;
    sizes[static_cast<size_t>(ax)] = 1;
    Operand out = dynamic_slice(ip, x, starts_in_dim(a[1], rank(x), ax), sizes, a.where());
    return wrap(truthy_at(ip, a, 3, true) ? out : jax::squeeze(out, {ax}));
  });
  defn(m, "dynamic_update_slice_in_dim", {"operand", "update", "start_index", "axis"}, 4,
       [](Interpreter& ip, const Args& a) {
         Operand x = to_op(ip, a[0], a.where());
         int64_t ax = jax::normalize_axis(a.int_at(3, 0), rank(x));
         return wrap(dynamic_update_slice(ip, x, adopt(ip, a[1], &x, a.where()), starts_in_dim(a[2], rank(x), ax),
                                          a.where()));
       });
  defn(m, "slice", {"operand", "start_indices", "limit_indices", "strides"}, 3, [](Interpreter& ip, const Args& a) {
    Operand x = to_op(ip, a[0], a.where());
    std::vector<int64_t> strides;
    if (a.has(3) && !a[3].is_none()) strides = ints_value(ip, a[3], a.where());
    return wrap(jax::slice(x, ints_value(ip, a[1], a.where()), ints_value(ip, a[2], a.where()), strides));
  });
  defn(m, "slice_in_dim", {"operand", "start_index", "limit_index", "stride", "axis"}, 3,
       [](Interpreter& ip, const Args& a) {
         Operand x = to_op(ip, a[0], a.where());
         int64_t ax = jax::normalize_axis(a.int_at(4, 0), rank(x));
         size_t d = static_cast<size_t>(ax);
         std::vector<int64_t> starts(x.aval.shape.size(), 0), limits = x.aval.shape, strides(x.aval.shape.size(), 1);
         int64_t n = x.aval.shape[d];
         int64_t lo = a.int_at(1, 0), hi = a.int_at(2, n);
         starts[d] = lo < 0 ? lo + n : lo;
         limits[d] = hi < 0 ? hi + n : hi;
         strides[d] = a.int_at(3, 1);
         return wrap(jax::slice(x, starts, limits, strides));
       });
  defn(m, "index_in_dim", {"operand", "index", "axis", "keepdims"}, 2, [](Interpreter& ip, const Args& a) {
    Operand x = to_op(ip, a[0], a.where());
    int64_t ax = jax::normalize_axis(a.int_at(2, 0), rank(x));
    size_t d = static_cast<size_t>(ax);
    int64_t i = a.int_at(1, 0);
    if (i < 0) i += x.aval.shape[d];
    std::vector<int64_t> starts(x.aval.shape.size(), 0), limits = x.aval.shape;
    starts[d] = i;
    limits[d] = i + 1;
    Operand out = jax::slice(x, starts, limits, {});
    return wrap(truthy_at(ip, a, 3, true) ? out : jax::squeeze(out, {ax}));
  });
  defn(m, "pad", {"operand", "padding_value", "padding_config"}, 3, [](Interpreter& ip, const Args& a) {
    Operand x = to_op(ip, a[0], a.where());
    Operand v = adopt(ip, a[1], &x, a.where());
    if (v.aval.dtype != x.aval.dtype)
      raise(ErrorId::lax_pad_value_dtype, a.where(), array::dtype_name(x.aval.dtype), array::dtype_name(v.aval.dtype));
    ir::Params p;
    Values config = ip.iterate(a[2]);
    if (static_cast<int64_t>(config.size()) != rank(x))
      raise(ErrorId::pad_config, a.where(), array::shape_str(x.aval.shape), ip.repr(a[2]));
    for (const Value& c : config) {
      std::vector<int64_t> t = ints_value(ip, c, a.where());
      if (t.size() != 3) raise(ErrorId::pad_config, a.where(), array::shape_str(x.aval.shape), ip.repr(a[2]));
      if (t[2] < 0) raise(ErrorId::pad_interior_negative, a.where(), t[2]);
      p.starts.push_back(t[0]);
      p.limits.push_back(t[1]);
      p.strides.push_back(t[2]);
    }
    return wrap(ir::bind1(Prim::Pad, {x, v}, p));
  });
  defn(m, "concatenate", {"operands", "dimension"}, 2, [](Interpreter& ip, const Args& a) {
    std::vector<Operand> xs = operand_list(ip, a[0], a.where());
    if (xs.empty()) raise(ErrorId::concatenate_empty, a.where());
    std::string head;
    for (size_t i = 0; i + 1 < xs.size(); ++i) head += (i ? ", " : "") + std::string(array::dtype_name(xs[i].aval.dtype));
    for (const Operand& x : xs)
      if (x.aval.dtype != xs[0].aval.dtype)
        raise(ErrorId::lax_dtype_mismatch, a.where(), "concatenate", head, array::dtype_name(xs.back().aval.dtype));
    int64_t dim = jax::normalize_axis(a.int_at(1, 0), rank(xs[0]));
    if (xs.size() == 1) return wrap(xs[0]);
    ir::Params p;
    p.n = dim;
    return wrap(ir::bind1(Prim::Concatenate, xs, p));
  });
  defn(m, "reshape", {"operand", "new_sizes", "dimensions"}, 2, [](Interpreter& ip, const Args& a) {
    Operand x = to_op(ip, a[0], a.where());
    if (a.has(2) && !a[2].is_none()) x = jax::transpose(x, ints_value(ip, a[2], a.where()));
    return wrap(jax::reshape(x, shape_value(ip, a[1], a.where())));
  });
  defn(m, "transpose", {"operand", "permutation"}, 2, [](Interpreter& ip, const Args& a) {
    return wrap(jax::transpose(to_op(ip, a[0], a.where()), ints_value(ip, a[1], a.where())));
  });
  defn(m, "broadcast_in_dim", {"operand", "shape", "broadcast_dimensions", "out_sharding"}, 3,
       [](Interpreter& ip, const Args& a) {
         ir::Params p;
         p.shape = shape_value(ip, a[1], a.where());
         p.axes = ints_value(ip, a[2], a.where());
         return wrap(ir::bind1(Prim::BroadcastInDim, {to_op(ip, a[0], a.where())}, p));
       });
  defn(m, "broadcast", {"operand", "sizes"}, 2, [](Interpreter& ip, const Args& a) {
    Operand x = to_op(ip, a[0], a.where());
    Shape sizes = shape_value(ip, a[1], a.where());
    if (sizes.empty()) return wrap(x);
    ir::Params p;
    p.shape = sizes;
    for (int64_t d = 0; d < rank(x); ++d) p.axes.push_back(static_cast<int64_t>(sizes.size()) + d);
    p.shape.insert(p.shape.end(), x.aval.shape.begin(), x.aval.shape.end());
    return wrap(ir::bind1(Prim::BroadcastInDim, {x}, p));
  });
  defn(m, "squeeze", {"array", "dimensions"}, 2, [](Interpreter& ip, const Args& a) {
    Operand x = to_op(ip, a[0], a.where());
    std::vector<int64_t> dims = ints_value(ip, a[1], a.where());
    return wrap(dims.empty() ? x : jax::squeeze(x, dims));
  });
  defn(m, "expand_dims", {"array", "dimensions"}, 2, [](Interpreter& ip, const Args& a) {
    return wrap(jax::expand_dims(to_op(ip, a[0], a.where()), ints_value(ip, a[1], a.where())));
  });
  defn(m, "rev", {"operand", "dimensions"}, 2, [](Interpreter& ip, const Args& a) {
    Operand x = to_op(ip, a[0], a.where());
    ir::Params p;
    p.axes = axes_norm(ip, a[1], rank(x), a.where());
    return wrap(ir::bind1(Prim::Rev, {x}, p));
  });
  struct R {
    const char* name;
    Prim prim;
  };
  for (R r : {R{"reduce_sum", Prim::ReduceSum}, {"reduce_max", Prim::ReduceMax}, {"reduce_min", Prim::ReduceMin},
              {"reduce_prod", Prim::ReduceProd}, {"reduce_and", Prim::ReduceAnd}, {"reduce_or", Prim::ReduceOr}}) {
    Prim p = r.prim;
    defn(m, r.name, {"operand", "axes"}, 2, [p](Interpreter& ip, const Args& a) { return wrap(reduce(ip, p, a)); });
  }
  for (R r : {R{"argmax", Prim::ArgMax}, {"argmin", Prim::ArgMin}}) {
    Prim p = r.prim;
    defn(m, r.name, {"operand", "axis", "index_dtype"}, 3, [p](Interpreter& ip, const Args& a) {
      Operand x = to_op(ip, a[0], a.where());
      ir::Params params;
      params.axes = {jax::normalize_axis(a.int_at(1, 0), rank(x))};
      params.dtype = dtype_value_or_raise(ip, a[2], a.where());
      return wrap(ir::bind1(p, {x}, params));
    });
  }
  for (R r : {R{"cumsum", Prim::CumSum}, {"cumprod", Prim::CumProd}, {"cummax", Prim::CumMax},
              {"cummin", Prim::CumMin}}) {
    Prim p = r.prim;
    defn(m, r.name, {"operand", "axis", "reverse"}, 1, [p](Interpreter& ip, const Args& a) {
      Operand x = to_op(ip, a[0], a.where());
      ir::Params params;
      params.n = jax::normalize_axis(a.int_at(1, 0), rank(x));
      params.flag = truthy_at(ip, a, 2, false);
      return wrap(ir::bind1(p, {x}, params));
    });
  }
  defn(m, "full", {"shape", "fill_value", "dtype", "*", "sharding"}, 2, [](Interpreter& ip, const Args& a) {
    Shape shape = shape_value(ip, a[0], a.where());
    Operand v = to_op(ip, a[1], a.where());
    std::optional<DType> dt = dtype_at(ip, a, 2);
    v = jax::convert(v, dt ? *dt : v.aval.dtype, !dt && v.aval.weak_type);
    if (shape.empty()) return wrap(v);
    ir::Params p;
    p.shape = shape;
    return wrap(ir::bind1(Prim::BroadcastInDim, {v}, p));
  });
  defn(m, "full_like", {"x", "fill_value", "dtype", "shape", "sharding"}, 2, [](Interpreter& ip, const Args& a) {
    Operand x = to_op(ip, a[0], a.where());
    std::optional<DType> dt = dtype_at(ip, a, 2);
    Shape shape = a.has(3) && !a[3].is_none() ? shape_value(ip, a[3], a.where()) : x.aval.shape;
    Operand v = jax::convert(to_op(ip, a[1], a.where()), dt ? *dt : x.aval.dtype, !dt && x.aval.weak_type);
    if (shape.empty()) return wrap(v);
    ir::Params p;
    p.shape = shape;
    return wrap(ir::bind1(Prim::BroadcastInDim, {v}, p));
  });
}

}  // namespace

}  // namespace rungs::jax

namespace rungs::jax {

void add_lax_sort(ModuleObj& m);  // lax.sort (module_lax_sort.cpp)

void register_module_lax() {
  Interpreter::register_module("jax.lax", [](Interpreter& ip) {
    auto m = new_module("jax.lax");
    add_elementwise(*m);
    add_structural(*m);
    add_lax_control(*m);
    add_lax_sort(*m);
    add_lax_scan(*m);
    add_lax_parallel(*m);
    m->attrs["Precision"] = namespace_of("jax.lax.Precision", {{"DEFAULT", 0}, {"HIGH", 1}, {"HIGHEST", 2}});
    // The presets' names (values distinct from Precision's); Rungs computes
    // every dot at the precision the rung models whichever is asked for.
    m->attrs["DotAlgorithmPreset"] = namespace_of(
        "jax.lax.DotAlgorithmPreset",
        {{"DEFAULT", 100}, {"ANY_F8_ANY_F8_F32", 101}, {"ANY_F8_ANY_F8_F32_FAST_ACCUM", 102}, {"ANY_F8_ANY_F8_ANY", 103},
         {"ANY_F8_ANY_F8_ANY_FAST_ACCUM", 104}, {"F16_F16_F16", 105}, {"F16_F16_F32", 106}, {"BF16_BF16_BF16", 107},
         {"BF16_BF16_F32", 108}, {"BF16_BF16_F32_X3", 109}, {"BF16_BF16_F32_X6", 110}, {"BF16_BF16_F32_X9", 111},
         {"TF32_TF32_F32", 112}, {"TF32_TF32_F32_X3", 113}, {"F32_F32_F32", 114}, {"F64_F64_F64", 115}});
    m->attrs["RoundingMethod"] =
        namespace_of("jax.lax.RoundingMethod", {{"AWAY_FROM_ZERO", 0}, {"TO_NEAREST_EVEN", 1}});
    Value module = Value::object(m);
    add_lax_python(ip, module);
    return module;
  });
}

}  // namespace rungs::jax
