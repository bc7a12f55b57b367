// jnp.nonzero, jnp.flatnonzero, jnp.argwhere and one-argument jnp.where:
// indices whose count depends on the data, so (as in JAX) they need a
// concrete array unless `size` fixes the count; `size` truncates or pads
// with `fill_value` (default 0).
#include "core/jax/module_jnp_parts.h"
#include "core/python/value_ops.h"

namespace rungs::jax {

namespace {

struct NonzeroOptions {
  std::optional<int64_t> size;
  Value fill_value;  // None, a scalar, or one scalar per dimension
};

NonzeroOptions read_options(const Args& a, size_t size_slot, size_t fill_slot) {
  NonzeroOptions o;
  if (a.has(size_slot) && !a[size_slot].is_none()) o.size = to_index(a[size_slot], a.where());
  if (a.has(fill_slot)) o.fill_value = a[fill_slot];
  return o;
}

int64_t fill_for_dim(Interpreter& ip, const NonzeroOptions& o, size_t dim, SourceRange where) {
  if (o.fill_value.is_none()) return 0;
  if (o.fill_value.is(ObjKind::Tuple) || o.fill_value.is(ObjKind::List)) {
    Values items = ip.iterate(o.fill_value);
    if (dim >= items.size()) raise(ErrorId::jnp_nonzero_fill_value, where, dim + 1, ip.str(o.fill_value));
    return to_index(items[dim], where);
  }
  return to_index(o.fill_value, where);
}

// One index array per dimension of `x`: int32 in JAX, intp (int64) in NumPy.
std::vector<Operand> nonzero_indices(Interpreter& ip, const Operand& x, const NonzeroOptions& o, SourceRange where) {
  if (x.traced() && !o.size) raise(ErrorId::jnp_nonzero_traced, where);
  if (x.traced()) raise(ErrorId::jnp_host_only, where, "jnp.nonzero(..., size=...) on a traced value");
  const array::Array& a = x.value;
  const Shape& shape = a.shape();
  std::vector<std::vector<int64_t>> per_dim(shape.size());
  for (int64_t flat = 0; flat < a.size(); ++flat) {
    if (a.get_double(flat) == 0.0) continue;
    int64_t rest = flat;
    for (size_t d = shape.size(); d-- > 0;) {
      per_dim[d].push_back(rest % shape[d]);
      rest /= shape[d];
    }
  }
  std::vector<Operand> out;
  for (size_t d = 0; d < shape.size(); ++d) {
    std::vector<int64_t>& idx = per_dim[d];
    if (o.size) idx.resize(static_cast<size_t>(*o.size), fill_for_dim(ip, o, d, where));
    out.push_back(Operand::concrete(array::Array::from_ints(array::default_int(), {static_cast<int64_t>(idx.size())}, idx)));
  }
  return out;
}

Value index_tuple(const std::vector<Operand>& ops) {
  Values items;
  for (const Operand& op : ops) items.push_back(wrap(op));
  return make_tuple(items);
}

}  // namespace

Value nonzero_tuple(Interpreter& ip, const Operand& x, const Args& a, size_t size_slot, size_t fill_slot) {
  if (x.aval.shape.empty()) raise(ErrorId::jnp_nonzero_scalar, a.where());
  return index_tuple(nonzero_indices(ip, x, read_options(a, size_slot, fill_slot), a.where()));
}

void add_jnp_nonzero(ModuleObj& m) {
  defn(m, "nonzero", {"a", "*", "size", "fill_value"}, 1, [](Interpreter& ip, const Args& a) {
    return nonzero_tuple(ip, operand_at(ip, a, 0), a, 1, 2);
  });
  defn(m, "flatnonzero", {"a", "*", "size", "fill_value"}, 1, [](Interpreter& ip, const Args& a) {
    Operand x = operand_at(ip, a, 0);
    Operand flat = ravel(x);
    return wrap(nonzero_indices(ip, flat, read_options(a, 1, 2), a.where())[0]);
  });
  defn(m, "argwhere", {"a", "*", "size", "fill_value"}, 1, [](Interpreter& ip, const Args& a) {
    Operand x = operand_at(ip, a, 0);
    if (x.aval.shape.empty()) x = jax::reshape(x, {1});
    std::vector<Operand> cols = nonzero_indices(ip, x, read_options(a, 1, 2), a.where());
    for (Operand& c : cols) c = jax::reshape(c, {c.aval.shape[0], 1});
    return wrap(jax::concatenate(cols, 1));
  });
}

}  // namespace rungs::jax
