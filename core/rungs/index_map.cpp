#include "core/rungs/index_map.h"

namespace rungs::exec {

std::vector<int64_t> eval_index_map(const pallas::BlockMapping& m, const std::vector<int64_t>& point,
                                    const std::vector<int>& prefetch_buffers, Rules& rules,
                                    python::Interpreter& host) {
  const ir::Jaxpr& j = *m.index_map;
  std::vector<int64_t> out;
  if (j.eqns.empty()) {
    for (const ir::Atom& a : j.outvars) {
      if (a.is_literal()) {
        out.push_back(a.literal.get_int(0));
        continue;
      }
      for (size_t i = 0; i < point.size(); ++i)
        if (j.invars[i] == a.var) out.push_back(point[i]);
    }
    if (out.size() == j.outvars.size()) return out;
    out.clear();
  }
  Machine machine(rules, host);
  std::vector<RValue> args;
  for (int64_t p : point) args.push_back(RValue::of(Array::scalar_int(array::DType::Int32, p)));
  for (int b : prefetch_buffers) args.push_back(RValue::ref(b));
  machine.start(j, std::move(args));
  machine.run();
  for (const RValue& v : machine.results()) out.push_back(v.array.get_int(0));
  return out;
}

}  // namespace rungs::exec
