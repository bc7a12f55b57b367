// jax.numpy products: dot, matmul, vdot, inner, outer, tensordot, einsum.
//
// Every contraction is one dot_general with preferred_element_type set to
// the promoted input dtype (as jnp does), followed by a transpose when the
// requested output order differs from dot_general's (batch, lhs free, rhs
// free) order. einsum supports explicit and implicit outputs for any
// number of operands without '...' or an index repeated inside one term;
// indices used by only one operand are summed out first, as JAX does, and
// operands are contracted left to right (JAX picks an optimised order,
// which gives the same result up to float rounding).
#include <algorithm>
#include <map>

#include "core/jax/module_jnp_parts.h"
#include "core/python/value_ops.h"

namespace rungs::jax {

namespace {

// precision=None | lax.Precision.X | "highest" | (p, p).
int precision_of(Interpreter& ip, const Value& v) {
  if (v.is_none()) return 0;
  if (v.is(ObjKind::Tuple) || v.is(ObjKind::List)) {
    Values items = ip.iterate(v);
    return items.empty() ? 0 : precision_of(ip, items[0]);
  }
  if (is_int_like(v)) return static_cast<int>(v.as_int());
  if (v.is(ObjKind::Str)) {
    const std::string& s = v.as<StrObj>().s;
    if (s == "highest" || s == "float32") return 2;
    if (s == "high" || s == "bfloat16_3x" || s == "tensorfloat32") return 1;
  }
  return 0;
}

Operand dot_general(const Operand& a, const Operand& b, const array::DotDims& dims, DType preferred, int precision) {
  ir::Params p;
  p.dot = dims;
  p.flag = true;
  p.dtype = preferred;
  p.n = precision;
  return ir::bind1(Prim::DotGeneral, {a, b}, p);
}

// ---- einsum ----

struct Term {
  std::string labels;
  Operand op;
};

Operand sum_labels(Term& t, const std::string& keep) {
  std::vector<int64_t> axes;
  std::string kept;
  for (size_t i = 0; i < t.labels.size(); ++i) {
    if (keep.find(t.labels[i]) == std::string::npos) axes.push_back(static_cast<int64_t>(i));
    else kept += t.labels[i];
  }
  if (!axes.empty()) t.op = jax::reduce(Prim::ReduceSum, t.op, axes, false);
  t.labels = kept;
  return t.op;
}

Operand transpose_to(const Term& t, const std::string& out) {
  std::vector<int64_t> perm;
  for (char c : out) perm.push_back(static_cast<int64_t>(t.labels.find(c)));
  return jax::transpose(t.op, perm);
}

// Contract two terms, keeping the labels in `keep`.
Term contract(Term a, Term b, const std::string& keep, DType preferred, int precision) {
  auto needed_by = [&](const Term& other) {
    std::string k = keep;
    return k + other.labels;
  };
  sum_labels(a, needed_by(b));
  sum_labels(b, needed_by(a));
  array::DotDims dims;
  std::string batch, lhs_free, rhs_free;
  for (size_t i = 0; i < a.labels.size(); ++i) {
    char c = a.labels[i];
    size_t j = b.labels.find(c);
    if (j == std::string::npos) {
      lhs_free += c;
    } else if (keep.find(c) != std::string::npos) {
      batch += c;
      dims.lhs_batch.push_back(static_cast<int>(i));
      dims.rhs_batch.push_back(static_cast<int>(j));
    } else {
      dims.lhs_contract.push_back(static_cast<int>(i));
      dims.rhs_contract.push_back(static_cast<int>(j));
    }
  }
  for (char c : b.labels)
    if (a.labels.find(c) == std::string::npos) rhs_free += c;
  return {batch + lhs_free + rhs_free, dot_general(a.op, b.op, dims, preferred, precision)};
}

Operand einsum(const std::string& spec0, std::vector<Operand> ops, int precision, std::optional<DType> preferred) {
  std::string spec;
  for (char c : spec0)
    if (c != ' ') spec += c;
  if (spec.find("...") != std::string::npos) raise_here(ErrorId::jnp_einsum_unsupported, spec0);
  size_t arrow = spec.find("->");
  std::string lhs = spec.substr(0, arrow);
  std::vector<std::string> terms{""};
  for (char c : lhs) {
    if (c == ',') terms.emplace_back();
    else terms.back() += c;
  }
  if (terms.size() != ops.size()) raise_here(ErrorId::jnp_einsum_operand_count);
  std::map<char, int> count;
  std::map<char, int64_t> size;
  for (size_t k = 0; k < terms.size(); ++k) {
    if (static_cast<int64_t>(terms[k].size()) != rank(ops[k])) raise_here(ErrorId::jnp_einsum_unsupported, spec0);
    for (size_t i = 0; i < terms[k].size(); ++i) {
      char c = terms[k][i];
      if (terms[k].find(c) != i) raise_here(ErrorId::jnp_einsum_unsupported, spec0);
      ++count[c];
      int64_t d = ops[k].aval.shape[i];
      if (size.count(c) && size[c] != d) raise_here(ErrorId::jnp_einsum_size, std::string(1, c), k, d, size[c]);
      size[c] = d;
    }
  }
  std::string out;
  if (arrow == std::string::npos) {
    for (auto [c, n] : count)
      if (n == 1) out += c;
  } else {
    out = spec.substr(arrow + 2);
    for (char c : out)
      if (!count.count(c)) raise_here(ErrorId::jnp_einsum_output_char, std::string(1, c));
  }
  // With preferred_element_type, JAX's einsum does not promote its operands
  // (bf16 x float8 has no implicit promotion, yet ragged paged attention's
  // kernel contracts them so); their values, exact in the preferred type,
  // are contracted there. Without it, they promote as usual.
  bool mixed = false;
  for (const Operand& op : ops) mixed = mixed || op.aval.dtype != ops[0].aval.dtype;
  if (preferred && mixed) {
    for (Operand& op : ops) op = jax::convert(op, *preferred, false);
  } else {
    ops = jax::promote(ops);
  }
  DType pref = preferred ? *preferred : ops[0].aval.dtype;
  Term acc{terms[0], ops[0]};
  for (size_t k = 1; k < ops.size(); ++k) {
    std::string keep = out;
    for (size_t j = k + 1; j < terms.size(); ++j) keep += terms[j];
    acc = contract(acc, Term{terms[k], ops[k]}, keep, pref, precision);
  }
  sum_labels(acc, out);
  Operand result = transpose_to(acc, out);
  if (ops.size() == 1 && preferred) result = jax::convert(result, *preferred, false);
  return result;
}

std::optional<DType> preferred_at(Interpreter& ip, const Args& a, size_t i) { return dtype_at(ip, a, i); }

}  // namespace

void add_jnp_linalg(ModuleObj& m) {
  defn(m, "dot", {"a", "b", "*", "precision", "preferred_element_type"}, 2, [](Interpreter& ip, const Args& a) {
    return wrap(jax::dot(operand_at(ip, a, 0), operand_at(ip, a, 1), preferred_at(ip, a, 3),
                         precision_of(ip, a[2])));
  });
  defn(m, "matmul", {"a", "b", "*", "precision", "preferred_element_type"}, 2, [](Interpreter& ip, const Args& a) {
    return wrap(jax::matmul(operand_at(ip, a, 0), operand_at(ip, a, 1), preferred_at(ip, a, 3),
                            precision_of(ip, a[2])));
  });
  defn(m, "vdot", {"a", "b", "*", "precision", "preferred_element_type"}, 2, [](Interpreter& ip, const Args& a) {
    return wrap(jax::dot(ravel(operand_at(ip, a, 0)), ravel(operand_at(ip, a, 1)), preferred_at(ip, a, 3),
                         precision_of(ip, a[2])));
  });
  defn(m, "outer", {"a", "b", "out"}, 2, [](Interpreter& ip, const Args& a) {
    Operand x = jax::expand_dims(ravel(operand_at(ip, a, 0)), {1});
    Operand y = jax::expand_dims(ravel(operand_at(ip, a, 1)), {0});
    return wrap(jax::binary(Prim::Mul, x, y));
  });
  defn(m, "inner", {"a", "b", "*", "precision", "preferred_element_type"}, 2, [](Interpreter& ip, const Args& a) {
    std::vector<Operand> xs = jax::promote({operand_at(ip, a, 0), operand_at(ip, a, 1)});
    if (rank(xs[0]) == 0 || rank(xs[1]) == 0) return wrap(jax::binary(Prim::Mul, xs[0], xs[1]));
    array::DotDims d;
    d.lhs_contract = {static_cast<int>(rank(xs[0]) - 1)};
    d.rhs_contract = {static_cast<int>(rank(xs[1]) - 1)};
    auto pref = preferred_at(ip, a, 3);
    return wrap(dot_general(xs[0], xs[1], d, pref ? *pref : xs[0].aval.dtype, precision_of(ip, a[2])));
  });
  defn(m, "tensordot", {"a", "b", "axes", "*", "precision", "preferred_element_type"}, 2,
       [](Interpreter& ip, const Args& a) {
         std::vector<Operand> xs = jax::promote({operand_at(ip, a, 0), operand_at(ip, a, 1)});
         array::DotDims d;
         const Value axes = a.get_or(2, Value::integer(2));
         if (is_int_like(axes)) {
           int64_t n = axes.as_int();
           if (n < 0 || n > rank(xs[0]) || n > rank(xs[1])) raise(ErrorId::jnp_tensordot_axes, a.where(), n);
           for (int64_t i = 0; i < n; ++i) {
             d.lhs_contract.push_back(static_cast<int>(rank(xs[0]) - n + i));
             d.rhs_contract.push_back(static_cast<int>(i));
           }
         } else {
           Values pair = ip.iterate(axes);
           if (pair.size() != 2) raise(ErrorId::jnp_tensordot_axes, a.where(), ip.repr(axes));
           for (int64_t ax : ints_value(ip, pair[0], a.where()))
             d.lhs_contract.push_back(static_cast<int>(jax::normalize_axis(ax, rank(xs[0]))));
           for (int64_t ax : ints_value(ip, pair[1], a.where()))
             d.rhs_contract.push_back(static_cast<int>(jax::normalize_axis(ax, rank(xs[1]))));
         }
         auto pref = preferred_at(ip, a, 4);
         return wrap(dot_general(xs[0], xs[1], d, pref ? *pref : xs[0].aval.dtype, precision_of(ip, a[3])));
       });
  defn(m, "einsum", {"subscripts", "*", "out", "optimize", "precision", "preferred_element_type"}, 1,
       [](Interpreter& ip, const Args& a) {
         std::vector<Operand> ops;
         for (size_t i = 0; i < a.rest().size(); ++i) {
           const Value& v = a.rest()[i];
           if (!NumpyScope::active() && (v.is(ObjKind::List) || v.is(ObjKind::Tuple)))
             raise(ErrorId::jnp_not_arraylike, a.where(), "einsum", "<class '" + type_name(v) + "'>", i);
           ops.push_back(to_op(ip, v, a.where()));
         }
         return wrap(einsum(a.str_at(0, ""), ops, precision_of(ip, a[3]), preferred_at(ip, a, 4)));
       },
       true);
}

}  // namespace rungs::jax
