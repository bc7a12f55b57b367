#include "core/rungs/index_map.h"

namespace rungs::exec {

namespace {

// Maps that only forward grid indices and literals need no machine.
bool forward_only(const ir::Jaxpr& j, const std::vector<int64_t>& point, std::vector<int64_t>& out) {
  out.clear();
  if (!j.eqns.empty()) return false;
  for (const ir::Atom& a : j.outvars) {
    if (a.is_literal()) {
      out.push_back(a.literal.get_int(0));
      continue;
    }
    for (size_t i = 0; i < point.size(); ++i)
      if (j.invars[i] == a.var) out.push_back(point[i]);
  }
  if (out.size() == j.outvars.size()) return true;
  out.clear();
  return false;
}

}  // namespace

void eval_index_map(const pallas::BlockMapping& m, const std::vector<int64_t>& point,
                    const std::vector<int>& prefetch_buffers, Machine& machine, std::vector<int64_t>& out) {
  const ir::Jaxpr& j = *m.index_map;
  if (forward_only(j, point, out)) return;
  std::vector<RValue> args;
  for (int64_t p : point) args.push_back(RValue::of(Array::scalar_int(array::DType::Int32, p)));
  for (int b : prefetch_buffers) args.push_back(RValue::ref(b));
  machine.start(j, args);
  machine.run();
  for (const RValue& v : machine.results()) out.push_back(v.array.get_int(0));
}

std::vector<int64_t> eval_index_map(const pallas::BlockMapping& m, const std::vector<int64_t>& point,
                                    const std::vector<int>& prefetch_buffers, Rules& rules,
                                    python::Interpreter& host) {
  std::vector<int64_t> out;
  if (forward_only(*m.index_map, point, out)) return out;
  Machine machine(rules, host);
  eval_index_map(m, point, prefetch_buffers, machine, out);
  return out;
}

}  // namespace rungs::exec
