// lax.sort (module_lax.cpp's strict lax, one concern of its own): one
// operand, or several sorted together by the first num_keys, bound as one
// sort equation with an output per operand (sort_p), so the same call
// works on host arrays, under vmap (batching.cpp's sort rule) and in
// kernel bodies (rungs 1-2 sort; Mosaic has no rule, so the chip refuses).
#include "core/jax/module_jnp_parts.h"

namespace rungs::jax {

namespace {

// _sort_abstract_eval's checks, then sort_p.bind.
Value sort(Interpreter& ip, const Args& a) {
  int64_t dim = a.int_at(1, -1);
  bool stable = truthy_at(ip, a, 2, true);
  ir::Params p;
  p.flag = stable;
  if (a[0].is(ObjKind::Tuple) || a[0].is(ObjKind::List)) {
    std::vector<Operand> xs;
    for (const Value& v : ip.iterate(a[0])) xs.push_back(to_op(ip, v, a.where()));
    if (xs.empty()) raise(ErrorId::lax_sort_empty, a.where());
    int64_t num_keys = a.int_at(3, 1);
    if (num_keys < 1 || num_keys > static_cast<int64_t>(xs.size()))
      raise(ErrorId::lax_sort_num_keys, a.where(), num_keys, xs.size());
    std::string shapes;
    for (const Operand& x : xs) shapes += (shapes.empty() ? "" : " ") + array::shape_str(x.aval.shape);
    for (const Operand& x : xs)
      if (x.aval.shape != xs[0].aval.shape)
        raise(ErrorId::lax_sort_shapes, a.where(), shapes);
    p.n = jax::normalize_axis(dim, rank(xs[0]));
    p.counts = {num_keys};
    ir::set_current_source(a.where());
    Values out;
    for (Operand& r : ir::bind(Prim::Sort, xs, p)) out.push_back(wrap(std::move(r)));
    return make_tuple(out);
  }
  Operand x = to_op(ip, a[0], a.where());
  p.n = jax::normalize_axis(dim, rank(x));
  return wrap(ir::bind1(Prim::Sort, {x}, p));
}

}  // namespace

void add_lax_sort(ModuleObj& m) { defn(m, "sort", {"operand", "dimension", "is_stable", "num_keys"}, 1, sort); }

}  // namespace rungs::jax
