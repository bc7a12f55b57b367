// The roofline estimate of the chip model (see chip_cost.h).
#include "core/rungs/chip_cost.h"

#include <algorithm>
#include <cstdio>

#include "core/array/random.h"
#include "core/errors/error.h"
#include "core/rungs/chip_checks.h"
#include "core/rungs/index_map.h"
#include "core/rungs/windows.h"

namespace rungs::exec {

using ir::Prim;
using pallas::BlockMapping;
using pallas::PallasCall;

ChipSchedule chip_schedule(const PallasCall& call, int64_t cores, bool permute, int64_t seed) {
  ChipSchedule s;
  s.grid = call.grid_sizes();
  s.cores = std::max<int64_t>(cores, 1);
  size_t n = s.grid.size();
  const std::vector<std::string>& sem = call.compiler.dimension_semantics;
  std::vector<bool> parallel(n, false);
  for (size_t d = 0; d < n && d < sem.size(); ++d) parallel[d] = sem[d] == "parallel" && (d == 0 || parallel[d - 1]);
  std::vector<int64_t> sizes;
  int64_t p = 1;
  for (size_t d = 0; d < n; ++d)
    if (parallel[d]) {
      sizes.push_back(s.grid[d]);
      p *= s.grid[d];
    }
  s.perms.assign(n, {});
  if (permute && !sizes.empty()) {
    std::vector<std::vector<int64_t>> ps = array::pallas_grid_permutations(seed, sizes);
    size_t k = 0;
    for (size_t d = 0; d < n; ++d)
      if (parallel[d]) s.perms[d] = ps[k++];
  }
  s.total = call.num_iterations();
  s.per_core = p > 0 ? (p + s.cores - 1) / s.cores * (s.total / p) : 0;
  return s;
}

std::vector<int64_t> ChipSchedule::point(int64_t iteration) const {
  size_t n = grid.size();
  std::vector<int64_t> idx(n, 0);
  for (size_t d = n; d-- > 0;) {
    if (grid[d] > 0) {
      idx[d] = iteration % grid[d];
      iteration /= grid[d];
    }
    if (!perms[d].empty()) idx[d] = perms[d][static_cast<size_t>(idx[d])];
  }
  return idx;
}

// ---------------------------------------------------------------- flops

namespace {
bool transcendental(Prim p) {
  switch (p) {
    case Prim::Exp: case Prim::Exp2: case Prim::Log: case Prim::Log1p: case Prim::Expm1: case Prim::Tanh:
    case Prim::Logistic: case Prim::Sin: case Prim::Cos: case Prim::Tan: case Prim::Asin: case Prim::Acos:
    case Prim::Atan: case Prim::Sinh: case Prim::Cosh: case Prim::Asinh: case Prim::Acosh: case Prim::Atanh:
    case Prim::Sqrt: case Prim::Rsqrt: case Prim::Cbrt: case Prim::Erf: case Prim::ErfInv: case Prim::Pow:
    case Prim::Atan2:
      return true;
    default: return false;
  }
}
}  // namespace

void FlopCounter::only_kernel(const ir::Jaxpr& kernel) {
  for (const ir::Eqn& e : kernel.eqns) {
    kernel_eqns.insert(&e);
    for (const ir::JaxprPtr& sub : e.params.jaxprs) only_kernel(*sub);
  }
}

void FlopCounter::count(const ir::Eqn& e, const std::vector<array::Array>& in) {
  if (!kernel_eqns.empty() && !kernel_eqns.count(&e)) return;
  int64_t widest = 0;
  for (const array::Array& a : in) widest = std::max(widest, a.size());
  if (e.prim == Prim::DotGeneral && in.size() >= 2) {
    int64_t k = 1, b = 1;
    for (int d : e.params.dot.lhs_contract) k *= in[0].shape()[static_cast<size_t>(d)];
    for (int d : e.params.dot.lhs_batch) b *= in[0].shape()[static_cast<size_t>(d)];
    int64_t f = k * b > 0 ? 2 * (in[0].size() / (k * b)) * (in[1].size() / k) * k : 0;
    flops += f;
    (e.params.n == 2 && array::is_float(in[0].dtype()) ? mxu_flops_f32 : mxu_flops) += f;
    return;
  }
  switch (ir::prim_category(e.prim)) {
    case ir::PrimCategory::Unary:
      (transcendental(e.prim) ? transcendentals : flops) += widest;
      return;
    case ir::PrimCategory::Binary:
      (transcendental(e.prim) ? transcendentals : flops) += widest;
      return;
    case ir::PrimCategory::Compare: flops += widest; return;
    default: break;
  }
  switch (e.prim) {
    case Prim::SelectN: case Prim::Clamp: case Prim::ReduceSum: case Prim::ReduceMax: case Prim::ReduceMin:
    case Prim::ReduceProd: case Prim::ReduceAnd: case Prim::ReduceOr: case Prim::ArgMax: case Prim::ArgMin:
    case Prim::CumSum: case Prim::CumProd: case Prim::CumMax: case Prim::CumMin:
      flops += widest;
      return;
    default: return;  // data movement: reshape, transpose, broadcast, slices, converts
  }
}

// ---------------------------------------------------------------- traffic

namespace {

// Serves scalar-prefetch reads for index maps that are not plain forwards,
// and pl.num_programs / pl.program_id (kept as primitives when the grid is
// dynamic); anything else an index map cannot do anyway.
class PrefetchRules : public Rules {
 public:
  PrefetchRules(std::vector<Array> buffers, const PallasCall& call) : buffers_(std::move(buffers)), call_(call) {}
  std::vector<int64_t> point;  // the grid point whose index maps run
  const char* rung_name() const override { return "chip"; }
  Array get(Machine&, int b, const Windows& w, const Eqn&) override { return generic_get(buffers_[static_cast<size_t>(b)], w); }
  Array swap(Machine&, int, const Windows&, const Array&, const Eqn&) override { unsupported(); }
  Array load(Machine&, int b, const Windows& w, const Array*, const Array*, const Eqn&) override {
    return generic_get(buffers_[static_cast<size_t>(b)], w);
  }
  Array store(Machine&, int, const Windows&, const Array&, const Array*, const Eqn&) override { unsupported(); }
  int allocate_scoped(Machine&, const ir::AVal&, const Eqn&) override { unsupported(); }
  void release_scoped(Machine&, int) override {}
  Status semaphore_signal(Machine&, const Eqn&, int, const Windows&, int64_t, const int64_t*, const int64_t*) override {
    unsupported();
  }
  Status semaphore_wait(Machine&, const Eqn&, int, const Windows&, int64_t, bool) override { unsupported(); }
  Array semaphore_read(Machine&, const Eqn&, int, const Windows&) override { unsupported(); }
  Status dma_start(Machine&, const Eqn&, const std::vector<RValue>&) override { unsupported(); }
  Status dma_wait(Machine&, const Eqn&, const std::vector<RValue>&) override { unsupported(); }
  int barrier_semaphore(Machine&, const Eqn&) override { unsupported(); }
  int64_t program_id(Machine&, int64_t axis) override {
    if (axis < 0 || static_cast<size_t>(axis) >= point.size()) unsupported();
    return point[static_cast<size_t>(axis)];
  }
  int64_t num_programs(Machine&, int64_t axis) override {
    if (axis < 0 || static_cast<size_t>(axis) >= call_.grid.size()) unsupported();
    return call_.grid[static_cast<size_t>(axis)].size;
  }
  int64_t axis_index(Machine&, const Eqn&) override { unsupported(); }
  void debug_print(Machine&, const Eqn&, const std::vector<Array>&) override {}

 private:
  [[noreturn]] static void unsupported() { raise_here(ErrorId::internal_error, "chip cost model: unexpected primitive in an index map"); }
  std::vector<Array> buffers_;
  const PallasCall& call_;
};

int64_t block_bytes(const BlockMapping& m) { return array::num_elements(m.block_shape) * array::itemsize(m.array.dtype); }

std::string tuple_text(const std::vector<int64_t>& v) { return shape_tuple_repr(v); }

// A window outside the operand padded to whole blocks (what the pipeline
// would copy), described once for the notes.
std::string oob_text(const PallasCall& call, size_t j, const BlockMapping& m, const std::vector<int64_t>& point,
                     const std::vector<int64_t>& block_index, const std::vector<int64_t>& start, bool output) {
  std::string window;
  for (size_t d = 0; d < m.dims.size(); ++d) {
    if (d) window += ", ";
    window += m.dims[d].kind == pallas::BlockDimKind::Squeezed
                  ? std::to_string(start[d])
                  : std::to_string(start[d]) + ":" + std::to_string(start[d] + m.block_shape[d]);
  }
  size_t param = call.prefetch.size() + j;
  std::string name = param < call.param_names.size() && !call.param_names[param].empty()
                         ? m.origin + " (" + call.param_names[param] + ")"
                         : m.origin;
  return name + " at grid point " + tuple_text(point) + ": block index " + tuple_text(block_index) + " is the window [" +
         window + "] of an operand of shape " + tuple_text(m.array.shape) +
         (output ? ", outside it: the chip drops (or misplaces) those writes"
                 : ", outside it: the chip reads undefined data there");
}

bool outside(const BlockMapping& m, const std::vector<int64_t>& start) {
  for (size_t d = 0; d < m.dims.size(); ++d) {
    int64_t b = m.block_shape[d], a = m.array.shape[d] + m.dims[d].pad_lo + m.dims[d].pad_hi;
    int64_t padded = b > 0 ? (a + b - 1) / b * b : a;
    if (start[d] < 0 || start[d] + b > padded) return true;
  }
  return false;
}

// The shape a DMA moves: the ref's shape after its .at[...] levels.
array::Shape view_shape(array::Shape shape, const ir::Eqn& e, size_t first, size_t count) {
  for (size_t k = first; k < first + count && k < e.params.indexers.size(); ++k) {
    if (!e.params.indexers[k].is_index()) {  // ref.reshape / ref.bitcast: a new shape
      shape = e.params.indexers[k].shape;
      continue;
    }
    array::Shape next;
    size_t d = 0;
    for (const ir::DimIndex& di : e.params.indexers[k].dims) {
      if (di.kind == ir::DimIndex::Kind::NewAxis) {
        next.push_back(1);
        continue;
      }
      if (di.kind == ir::DimIndex::Kind::Slice) next.push_back(di.size);
      ++d;
    }
    for (; d < shape.size(); ++d) next.push_back(shape[d]);
    shape = std::move(next);
  }
  return shape;
}

bool in_hbm(const ir::AVal& a) { return a.space == ir::MemorySpace::Any || a.space == ir::MemorySpace::TpuHbm; }

void count_dmas(const ir::Jaxpr& j, int64_t times, ChipCost& cost, bool in_while) {
  for (const ir::Eqn& e : j.eqns) {
    if (e.prim == Prim::DmaStart && e.inputs.size() >= 2 && !e.inputs[0].is_literal() && !e.inputs[1].is_literal()) {
      const ir::AVal& src = j.vars[static_cast<size_t>(e.inputs[0].var)];
      const ir::AVal& dst = j.vars[static_cast<size_t>(e.inputs[1].var)];
      size_t levels = e.params.counts.empty() ? 0 : static_cast<size_t>(e.params.counts[0]);
      int64_t bytes = array::num_elements(view_shape(src.shape, e, 0, levels)) * array::itemsize(src.dtype);
      cost.dmas += times;
      (in_hbm(src) || in_hbm(dst) ? cost.dma_hbm_bytes : cost.dma_local_bytes) += bytes * times;
      cost.dma_in_while = cost.dma_in_while || in_while;
      for (const ir::Indexer& ix : e.params.indexers)
        for (const ir::DimIndex& di : ix.dims) cost.dma_dynamic_size = cost.dma_dynamic_size || di.dynamic_size();
    }
    if (e.prim == Prim::Cond) {  // the busiest branch
      ChipCost best;
      for (const ir::JaxprPtr& b : e.params.jaxprs) {
        ChipCost c;
        count_dmas(*b, times, c, in_while);
        if (c.dma_hbm_bytes + c.dma_local_bytes >= best.dma_hbm_bytes + best.dma_local_bytes) best = c;
      }
      cost.dmas += best.dmas;
      cost.dma_hbm_bytes += best.dma_hbm_bytes;
      cost.dma_local_bytes += best.dma_local_bytes;
      cost.dma_in_while = cost.dma_in_while || best.dma_in_while;
      cost.dma_dynamic_size = cost.dma_dynamic_size || best.dma_dynamic_size;
      continue;
    }
    int64_t inner = e.prim == Prim::Scan ? times * std::max<int64_t>(e.params.n, 0) : times;
    for (const ir::JaxprPtr& sub : e.params.jaxprs) count_dmas(*sub, inner, cost, in_while || e.prim == Prim::While);
  }
}

}  // namespace

ChipCost estimate_traffic(const PallasCall& call, const std::vector<Array>& operands, const ChipSchedule& schedule,
                          python::Interpreter& host, int64_t max_points) {
  ChipCost cost;
  size_t np = call.prefetch.size(), ni = call.inputs.size(), no = call.outputs.size();
  std::vector<Array> prefetch(operands.begin(), operands.begin() + static_cast<std::ptrdiff_t>(np));
  for (const Array& a : prefetch) cost.prefetch_bytes += a.nbytes();
  std::vector<int> handles;
  for (size_t i = 0; i < np; ++i) handles.push_back(static_cast<int>(i));
  PrefetchRules rules(prefetch, call);
  cost.cores_used = 0;
  for (int64_t c = 0; c < schedule.cores; ++c) cost.cores_used += schedule.bound(c) > schedule.first(c) ? 1 : 0;
  cost.cores_used = std::max(cost.cores_used, 1);
  cost.replayed = schedule.total * static_cast<int64_t>(ni + no) <= max_points;
  for (size_t j = 0; j < ni + no; ++j) {
    const BlockMapping& m = j < ni ? call.inputs[j] : call.outputs[j - ni];
    bool output = j >= ni;
    if (m.space == ir::MemorySpace::Any || m.space == ir::MemorySpace::TpuHbm || m.space == ir::MemorySpace::TpuSemaphore)
      continue;
    if (!cost.replayed) {  // an upper bound: one copy per grid step
      (output ? cost.copies_out : cost.copies_in) += schedule.total;
      (output ? cost.bytes_out : cost.bytes_in) += schedule.total * block_bytes(m);
      continue;
    }
    for (int64_t c = 0; c < schedule.cores; ++c) {
      std::vector<int64_t> prev, cur, next;
      int64_t first = schedule.first(c), bound = schedule.bound(c);
      for (int64_t it = first; it < bound; ++it) {
        host.tick();  // interrupts and the step budget apply here too
        std::vector<int64_t> point = schedule.point(it);
        rules.point = point;
        std::vector<int64_t> bi = eval_index_map(m, point, handles, rules, host);
        std::vector<int64_t> start = block_start(m, bi);
        if (outside(m, start)) {
          if (cost.out_of_bounds.size() < 3) cost.out_of_bounds.push_back(oob_text(call, j, m, point, bi, start, output));
          ++cost.out_of_bounds_count;
        }
        // An input is copied in when its window changes (or on the core's
        // first step); an output written back when it is about to change
        // (counted here as "the window changed since the previous step",
        // plus the core's last step).
        bool changed = it == first || start != prev;
        if (!output && changed) {
          ++cost.copies_in;
          cost.bytes_in += block_bytes(m);
        }
        if (output && changed && it != first) {
          ++cost.copies_out;
          cost.bytes_out += block_bytes(m);
        }
        prev = std::move(start);
      }
      if (output && bound > first) {
        ++cost.copies_out;
        cost.bytes_out += block_bytes(m);
      }
    }
  }
  count_dmas(*call.kernel, std::max<int64_t>(call.num_iterations(), 0), cost, false);
  return cost;
}

// ---------------------------------------------------------------- notes

namespace {
std::string num(double v) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.3g", v);
  return buf;
}

std::string duration(double seconds) {
  if (seconds >= 1) return num(seconds) + " s";
  if (seconds >= 1e-3) return num(seconds * 1e3) + " ms";
  if (seconds >= 1e-6) return num(seconds * 1e6) + " us";
  return num(seconds * 1e9) + " ns";
}

std::string versus(const char* what, int64_t model, int64_t user) {
  std::string s = std::string(what) + ": model " + std::to_string(model) + ", pl.CostEstimate " + std::to_string(user);
  if (user > 0) s += " (x" + num(static_cast<double>(model) / static_cast<double>(user)) + ")";
  return s;
}
}  // namespace

void record_cost(CallRecord& record, const PallasCall& call, const ChipCost& cost, const ChipGeneration& gen) {
  int64_t hbm = cost.bytes_in + cost.bytes_out + cost.dma_hbm_bytes + cost.prefetch_bytes;
  double share = device_fraction(gen) * static_cast<double>(cost.cores_used) / static_cast<double>(device_cores(gen));
  double bandwidth = gen.hbm_bytes_per_s * device_fraction(gen);
  double t_memory = static_cast<double>(hbm) / bandwidth;
  double t_compute = static_cast<double>(cost.ops.flops - cost.ops.mxu_flops_f32) / (gen.peak_bf16_flops * share) +
                     static_cast<double>(cost.ops.mxu_flops_f32) / (gen.peak_f32_flops * share);
  double seconds = std::max(t_memory, t_compute);
  double intensity = hbm > 0 ? static_cast<double>(cost.ops.flops) / static_cast<double>(hbm) : 0.0;
  auto& n = record.notes;
  n["cost.model"] = std::string("roofline estimate of the chip model, not a measurement: time = max(HBM bytes / ") +
                    num(bandwidth / 1e9) + " GB/s, flops / " + num(gen.peak_bf16_flops * share / 1e12) +
                    " TFLOP/s bf16 MXU peak) on " + gen.display + " using " + std::to_string(cost.cores_used) +
                    " TensorCore(s); sources: " + gen.sources;
  n["cost.flops"] = std::to_string(cost.ops.flops);
  n["cost.mxu_flops"] = std::to_string(cost.ops.mxu_flops + cost.ops.mxu_flops_f32);
  n["cost.transcendentals"] = std::to_string(cost.ops.transcendentals);
  n["cost.hbm_bytes"] = std::to_string(hbm);
  n["cost.block_copies"] = std::to_string(cost.copies_in) + " in (" + std::to_string(cost.bytes_in) + " bytes), " +
                           std::to_string(cost.copies_out) + " out (" + std::to_string(cost.bytes_out) + " bytes)" +
                           (cost.replayed ? "" : ", an upper bound (the grid is too large to replay)");
  n["cost.dmas"] = std::to_string(cost.dmas) + " started by the kernel (static count" +
                   (cost.dma_in_while ? ", a while loop counted once" : "") +
                   (cost.dma_dynamic_size ? ", a traced pl.ds size counted at its dim's extent, an upper bound" : "") +
                   "): " +
                   std::to_string(cost.dma_hbm_bytes) + " bytes to/from HBM, " + std::to_string(cost.dma_local_bytes) +
                   " bytes local";
  n["cost.arithmetic_intensity"] = num(intensity) + " flops/byte";
  n["cost.time"] = duration(seconds) + " (" + (t_memory >= t_compute ? "memory" : "compute") + "-bound: memory " +
                   duration(t_memory) + ", compute " + duration(t_compute) + ")";
  if (call.has_cost_estimate)
    n["cost.vs_user_estimate"] = versus("flops", cost.ops.flops, call.cost.flops) + "; " +
                                 versus("transcendentals", cost.ops.transcendentals, call.cost.transcendentals) + "; " +
                                 versus("bytes_accessed", hbm, call.cost.bytes_accessed);
  Event e;
  e.kind = "cost";
  e.source = call.where;
  e.fields["model"] = std::string("roofline (chip model estimate)");
  e.fields["flops"] = cost.ops.flops;
  e.fields["transcendentals"] = cost.ops.transcendentals;
  e.fields["hbm_bytes"] = hbm;
  e.fields["copies_in"] = cost.copies_in;
  e.fields["copies_out"] = cost.copies_out;
  e.fields["dmas"] = cost.dmas;
  e.fields["arithmetic_intensity"] = intensity;
  e.fields["seconds"] = seconds;
  e.fields["bound"] = std::string(t_memory >= t_compute ? "memory" : "compute");
  record.events.push_back(std::move(e));
}

}  // namespace rungs::exec
