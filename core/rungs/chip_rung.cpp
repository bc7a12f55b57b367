// Rung 3, the chip model: checks, budget, then rung 2's simulator under a
// chip policy (see chip_rung.h for the whole story).
#include "core/rungs/chip_rung.h"

#include <cstdio>

#include <cmath>
#include <limits>

#include "core/python/interpreter.h"
#include "core/ir/printer.h"
#include "core/ir/rules.h"
#include "core/pallas/checkify.h"
#include "core/pallas/mode.h"
#include "core/rungs/chip_checks.h"
#include "core/rungs/chip_lowering_text.h"
#include "core/rungs/chip_vmem.h"
#include "core/rungs/tpu_rung.h"

namespace rungs::exec {

using pallas::PallasCall;

namespace {

// Chip kernels launched so far in this run (varies the garbage per kernel).
struct ChipRunState : python::StageState {
  int64_t kernels = 0;
};

ChipRunState& chip_state(python::Interpreter& host) {
  return host.state<ChipRunState>();
}

uint64_t mix(uint64_t x) {  // splitmix64's finaliser
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

uint64_t text_hash(const std::string& s) {
  uint64_t h = 1469598103934665603ULL;  // FNV-1a
  for (unsigned char c : s) h = (h ^ c) * 1099511628211ULL;
  return h;
}


// The kernel sees "parallel" only on a prefix of the grid (JAX's rule for
// splitting work across cores); later "parallel" dims run as "arbitrary"
// on the chip instead of failing as rung 2's prefix check would.
PallasCall with_parallel_prefix(const PallasCall& call) {
  PallasCall c = call;
  bool prefix = true;
  for (std::string& s : c.compiler.dimension_semantics) {
    prefix = prefix && s == "parallel";
    if (!prefix && s == "parallel") s = "arbitrary";
  }
  return c;
}

// Grid dims vmap prepended run "parallel" on the chip: Mosaic's lowering adds
// them in front of the user's dimension_semantics, whose length must match
// the user's own grid.
PallasCall with_vmapped_semantics(const PallasCall& call) {
  if (call.num_vmapped_dims == 0) return call;
  size_t user_dims = call.grid.size() - static_cast<size_t>(call.num_vmapped_dims);
  std::vector<std::string> sem = call.compiler.dimension_semantics;
  if (!sem.empty() && sem.size() != user_dims) raise(ErrorId::chip_semantics_length, call.where, user_dims, sem.size());
  if (sem.empty()) sem.assign(user_dims, "arbitrary");
  sem.insert(sem.begin(), static_cast<size_t>(call.num_vmapped_dims), "parallel");
  PallasCall c = call;
  c.compiler.dimension_semantics = std::move(sem);
  return c;
}

bool has_parallel(const PallasCall& call) {
  return !call.compiler.dimension_semantics.empty() && call.compiler.dimension_semantics[0] == "parallel";
}

const char* kNotModelled =
    "Mosaic's layout and vector legality (reshapes or transposes touching the last two dims, shape casts, "
    "dtype-dependent sublane tiling of values), vreg pressure and spills, Mosaic's internal scratch, debug_print's "
    "TPU format rules, float16 support, the TPU v3-and-older rank-1 block minimum, and anything libtpu reports "
    "as \"Mosaic failed to compile TPU kernel\"";

}  // namespace

array::Array chip_garbage(array::DType dtype, const array::Shape& shape, uint64_t key) {
  Array a = Array::uninitialized(dtype, shape);
  int64_t n = a.size();
  for (int64_t i = 0; i < n; ++i) {
    uint64_t h = mix(key ^ mix(static_cast<uint64_t>(i)));
    if (array::is_float(dtype)) {
      a.set_from_double(i, (static_cast<double>((h >> 11) % 2001) - 1000.0) / 8.0);
    } else if (dtype == array::DType::Bool) {
      a.set_from_int(i, static_cast<int64_t>(h & 1));
    } else if (array::is_unsigned_int(dtype)) {
      a.set_from_int(i, static_cast<int64_t>(h % 101));
    } else {
      a.set_from_int(i, static_cast<int64_t>(h % 201) - 100);
    }
  }
  return a;
}

array::Scalar chip_poison(array::DType dtype) {
  if (array::is_float(dtype)) return array::Scalar::from_float(std::numeric_limits<double>::quiet_NaN());
  if (dtype == array::DType::Bool) return array::Scalar::from_bool(true);
  int64_t bits = array::bit_width(dtype);
  int64_t low = -(int64_t{1} << (bits - 1));  // unsigned types wrap this to 2^(w-1)
  if (array::is_unsigned_int(dtype)) low = int64_t{1} << (bits - 1);
  return array::Scalar::from_int(low);
}

ChipRunSettings chip_settings(const PallasCall& call, python::Interpreter& host) {
  ChipRunSettings s;
  s.generation = call.chip.generation;
  s.poison_buffers = call.chip.poison_buffers;
  s.garbage_seed = call.chip.garbage_seed;
  s.order_seed = call.chip.order_seed;
  s.kernel_number = chip_state(host).kernels;
  return s;
}

TpuPolicy chip_policy(const ChipRunSettings& s, const ChipGeneration& gen, std::shared_ptr<FlopCounter> ops) {
  TpuPolicy p;
  p.rung = "chip";
  uint64_t base = mix(s.garbage_seed) ^ mix(static_cast<uint64_t>(s.kernel_number) + 0x51ed);
  bool poison = s.poison_buffers;
  p.fresh = [base, poison](array::DType d, const array::Shape& shape, const FreshInfo& info) {
    if (poison && (info.role == "scratch" || info.role == "run_scoped")) return Array::full(d, shape, chip_poison(d));
    uint64_t key = base ^ mix(text_hash(info.space + "/" + info.role)) ^ mix(static_cast<uint64_t>(info.buffer_id) * 131 +
                                                                               static_cast<uint64_t>(info.core));
    return chip_garbage(d, shape, key);
  };
  // Padding of partial edge blocks: one garbage value per dtype.
  p.fill = [base](array::DType d) { return chip_garbage(d, {}, base ^ 0x9add1e).get_scalar(0); };
  p.oob_reads = TpuPolicy::OutOfBounds::Garbage;
  p.oob_block_writes_raise = false;
  p.oob_writes_raise = false;
  p.interpreter_quirks = false;
  p.debug_checks_run = false;
  p.dma_mode = TpuPolicy::DmaMode::Eager;
  p.detect_races = false;
  p.num_cores = device_cores(gen);
  p.permute_parallel_dims = s.order_seed >= 0;
  p.random_seed = s.order_seed >= 0 ? s.order_seed : 0;
  p.schedule_seed = s.order_seed >= 0 ? s.order_seed : -1;
  p.check_revisits = false;
  p.exit_semaphore_check = false;
  p.hardware_prng = true;
  p.tpu_log_format = true;
  // f32 matmul inputs go through the MXU as bf16 unless precision=HIGHEST
  // (the Mosaic lowering passes no contract precision for DEFAULT).
  p.pure_override = [ops](const ir::Eqn& e, const std::vector<Array>& in) -> std::optional<std::vector<Array>> {
    ops->count(e, in);
    if (e.prim != ir::Prim::DotGeneral || e.params.n == 2) return std::nullopt;
    std::vector<Array> rounded = in;
    bool any = false;
    for (Array& a : rounded)
      if (a.dtype() == array::DType::Float32) {
        a = array::convert(array::convert(a, array::DType::BFloat16), array::DType::Float32);
        any = true;
      }
    if (!any) return std::nullopt;
    ++ops->bf16_rounded_dots;
    return ir::apply_pure(e.prim, rounded, e.params);
  };
  return p;
}

Footprint lower_for_chip(const PallasCall& call, const ChipGeneration& gen, python::Interpreter& host,
                         const std::string& cpu_host_kind) {
  if (call.debug)
    host.write_stdout("\nThe kernel jaxpr for pallas_call " + call.fn_src + ":\n" + ir::print_jaxpr(*call.kernel) + "\n");
  check_chip_compile(call, gen, cpu_host_kind);
  Footprint footprint = compute_footprint(call, gen);
  if (call.debug)
    host.write_stdout("\nThe Mosaic module for pallas_call " + call.fn_src + ":\n" +
                      mosaic_module_text(call, gen, footprint) + "\n");
  return footprint;
}

namespace {
// Remote DMAs over the chips' ICI: each one assumed to get one link of a
// 2-D torus (a quarter of the chip's ICI bandwidth), one after another.
std::string ici_estimate(const CallRecord& r, const ChipGeneration& gen) {
  std::string text = std::to_string(r.remote_dmas) + " remote DMA(s) moved " + human_bytes(r.remote_bytes) +
                     " between " + std::to_string(r.devices) + " chips";
  if (gen.ici_bytes_per_s <= 0) return text + "; " + gen.display + " has no ICI in the model";
  double per_link = gen.ici_bytes_per_s / 4;
  double us = static_cast<double>(r.remote_bytes) / per_link * 1e6;
  char buf[96];
  std::snprintf(buf, sizeof buf, "; about %.2f us over ICI at %.0f GB/s per link (a quarter of the chip's %.0f GB/s)",
                us, per_link / 1e9, gen.ici_bytes_per_s / 1e9);
  return text + buf + " -- a model, one transfer at a time";
}
// What the chip run did, for the record's notes: its memory and order
// policies, f32 dots rounded to bf16, ICI traffic, out-of-bounds windows.
void record_run_notes(CallRecord& r, const PallasCall& call, const ChipRunSettings& settings, const ChipGeneration& gen,
                      const FlopCounter& ops, const ChipCost& cost) {
  r.notes["chip.memory"] = std::string("fresh VMEM, scratch and new outputs hold deterministic stale garbage (seeded ") +
                           "hash, seed " + std::to_string(settings.garbage_seed) + ", kernel " +
                           std::to_string(settings.kernel_number) + ")" +
                           (settings.poison_buffers ? "; scratch and run_scoped buffers poisoned (NaN / int min / True)" : "") +
                           "; out-of-bounds windows and accesses read garbage and their writes are dropped; DMAs complete at once; "
                           "races are not detected; f32 matmul inputs are rounded to bf16 unless precision=HIGHEST";
  r.notes["chip.order"] = gen.megacore && has_parallel(call)
                              ? std::string("\"parallel\" grid dims split across ") + std::to_string(gen.tensor_cores) +
                                    " TensorCores (megacore), " +
                                    (settings.order_seed >= 0 ? "order permuted by chip_order_seed=" +
                                                                    std::to_string(settings.order_seed)
                                                              : std::string("natural order"))
                              : std::string("one TensorCore, ") +
                                    (settings.order_seed >= 0 && has_parallel(call)
                                         ? "\"parallel\" dims permuted by chip_order_seed=" + std::to_string(settings.order_seed)
                                         : std::string("lexicographic order"));
  if (ops.bf16_rounded_dots > 0)
    r.notes["chip.matmul_precision"] = std::to_string(ops.bf16_rounded_dots) +
                                       " float32 dot execution(s) took their inputs as bf16 (one MXU pass, a TPU's "
                                       "default precision; precision=HIGHEST keeps float32)";
  if (r.remote_dmas > 0) r.notes["chip.ici"] = ici_estimate(r, gen);
  if (cost.out_of_bounds_count > 0) {
    std::string text = std::to_string(cost.out_of_bounds_count) + " block window(s) outside their operand";
    for (const std::string& s : cost.out_of_bounds) text += "\n" + s;
    r.notes["chip.out_of_bounds"] = text;
  }
}
}  // namespace

std::vector<Array> run_chip_rung(const PallasCall& call, const std::vector<Array>& operands,
                                 python::Interpreter& host, CallRecord* record) {
  return run_chip_rung(call, {operands}, nullptr, host, record)[0];
}

std::vector<std::vector<Array>> run_chip_rung(const PallasCall& user_call,
                                              const std::vector<std::vector<Array>>& per_device,
                                              const pallas::DeviceMesh* mesh, python::Interpreter& host,
                                              CallRecord* record) {
  const std::vector<Array>& operands = per_device[0];  // the cost model's device
  PallasCall call = with_vmapped_semantics(user_call);
  CallLog& log = call_log(host);
  size_t index = record ? static_cast<size_t>(record - log.calls.data()) : 0;
  ChipRunSettings settings = chip_settings(call, host);
  const ChipGeneration& gen = chip_generation(settings.generation);
  ++chip_state(host).kernels;
  if (record) {
    record->rung = "chip";
    record->notes["model"] = std::string("a model of ") + gen.display + ", not the real compiler; checks not modelled: " +
                             kNotModelled;
    record->notes["chip.generation"] = gen.name;
  }
  Footprint footprint = lower_for_chip(call, gen, host);
  // The playground's "Lower for TPU" view: the module, linked to the source.
  if (record && pallas::run_mode(host).trace) {
    MosaicText m = mosaic_module_lines(call, gen, footprint);
    size_t start = 0;
    for (int line : m.source_lines) {
      size_t end = m.text.find('\n', start);
      log.calls[index].lowered.emplace_back(m.text.substr(start, end == std::string::npos ? std::string::npos : end - start), line);
      start = end == std::string::npos ? m.text.size() : end + 1;
    }
  }
  check_memory_budget(call, gen, footprint);

  PallasCall run_call = with_parallel_prefix(call);
  auto ops = std::make_shared<FlopCounter>();
  ops->only_kernel(*run_call.kernel);
  TpuPolicy policy = chip_policy(settings, gen, ops);
  if (record) {
    std::string why;
    int64_t limit = vmem_limit(call, gen, &why);
    log.calls[index].notes["chip.vmem"] = human_bytes(footprint.vmem) + " of " + human_bytes(limit) + " vmem, " +
                                          human_bytes(footprint.smem) + " of " + human_bytes(gen.smem_bytes) + " smem\n" +
                                          footprint_text(footprint, "vmem", limit, why);
  }
  std::vector<std::vector<Array>> outs = run_tpu_simulator(run_call, per_device, mesh, host, record, policy);
  if (!record) return outs;
  // The pipeline replay runs after the kernel, so a runaway grid meets the
  // step budget inside the simulator first.
  ChipSchedule schedule = chip_schedule(run_call, policy.num_cores, policy.permute_parallel_dims, policy.random_seed);
  ChipCost cost = estimate_traffic(run_call, operands, schedule, host);
  CallRecord& r = log.calls[index];
  r.rung = "chip";
  cost.ops = *ops;
  record_cost(r, call, cost, gen);
  record_run_notes(r, call, settings, gen, *ops, cost);
  return outs;
}

}  // namespace rungs::exec
