// Native benchmarks of the engine (Google Benchmark), printed as ratio lines:
//   bench: NAME ratio=R target=T
// The machines are shared and noisy, so every figure is a ratio against a
// baseline timed in the same process, alternately with the engine run
// (engine, baseline, engine, baseline, ...), and each side keeps its
// fastest repetition: the minimum is the least load-dependent estimate.
//
//   elementwise_rung1_vs_loop     rung 1, o = x*s+1 over 4096x512   vs a plain C++ loop
//   matmul_rung1_vs_matmul_f32    rung 1, blocked 1024^3 matmul      vs array::matmul_f32 on whole matrices
//   grid_step_copy_vs_memcpy      rung 1, 65,536 (8,128) copy steps  vs memcpy of the same blocks
//   matmul_rung2_vs_rung1         rung 2 (tpu) vs rung 1 on the matmul
//   matmul_rung2_races_vs_rung1   rung 2 with detect_races vs rung 1
//   *_vs_reference                a real kernel (flash attention, grouped
//                                 matmul, paged attention) vs plain C++ of the
//                                 same math (reference_kernels.h)
//
// Each also gets an `info:` line with absolute times. Counters (kernel_ns,
// baseline_ns, ratio) go to the JSON file reporter too (--benchmark_out),
// which wasm_bench.mjs reads for the WASM/native ratios. RUNGS_BENCH_QUICK=1
// cuts repetitions to 2 (a smoke test). Targets live here, never in tests.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/array/ops.h"
#include "tests/bench/engine_bench.h"
#include "tests/bench/reference_kernels.h"

#ifndef RUNGS_BENCH_DIR
#error "RUNGS_BENCH_DIR must name tests/bench"
#endif

namespace rungs::bench {
namespace {

const std::string kDir = RUNGS_BENCH_DIR;

// A baseline: prepare() once (untimed), then run() returns nanoseconds and
// check() compares its output with the engine's (returns max |diff|).
struct Baseline {
  std::function<double()> run;
  std::function<double()> check;
};

// The alternating measurement shared by every benchmark.
void measure(benchmark::State& state, PreparedRun& kernel, Baseline& base, double target, int64_t steps,
             double tolerance) {
  kernel.run_once();  // warm-up: caches, allocator, first-call work
  base.run();
  std::vector<double> k, b;
  for (auto _ : state) {
    double tk = kernel.run_once();
    double tb = base.run();
    k.push_back(tk);
    b.push_back(tb);
    state.SetIterationTime(tk * 1e-9);
  }
  double diff = base.check();
  if (!(diff <= tolerance)) {
    state.SkipWithError(("engine result differs from the baseline by " + std::to_string(diff)).c_str());
    return;
  }
  double kmin = *std::min_element(k.begin(), k.end());
  double bmin = *std::min_element(b.begin(), b.end());
  state.counters["kernel_ns"] = kmin;
  state.counters["baseline_ns"] = bmin;
  state.counters["ratio"] = kmin / bmin;
  state.counters["target"] = target;  // <= 0: no target
  if (steps > 0) state.counters["steps"] = static_cast<double>(steps);
}

int reps_of(const RunSpec& s) { return std::getenv("RUNGS_BENCH_QUICK") ? 2 : s.reps; }

std::vector<float> to_floats(const array::Array& a) {
  const float* p = a.data<float>();
  return std::vector<float>(p, p + a.size());
}

// --------------------------------------------------------------- benchmarks

void elementwise(benchmark::State& state, const RunSpec& spec) {
  PreparedRun kernel(spec, kDir);
  std::vector<float> x = to_floats(kernel.global("__x"));
  std::vector<float> o(x.size());
  const float s = 1.5f;  // programs/elementwise.py: S
  Baseline base{[&] {
                  double t0 = now_ns();
                  const float* __restrict px = x.data();
                  float* __restrict po = o.data();
                  const size_t n = x.size();
                  for (size_t i = 0; i < n; ++i) po[i] = px[i] * s + 1.0f;
                  benchmark::DoNotOptimize(po);
                  return now_ns() - t0;
                },
                [&] { return max_abs_diff(kernel.global("__o"), o.data(), static_cast<int64_t>(o.size())); }};
  measure(state, kernel, base, 1.3, 0, 0.0);  // issue 22: fused, 1.3x the loop
}

void matmul(benchmark::State& state, const RunSpec& spec) {
  PreparedRun kernel(spec, kDir);
  const array::Array& x = kernel.global("__x");
  const array::Array& y = kernel.global("__y");
  const int64_t n = x.shape()[0];
  std::vector<float> c(static_cast<size_t>(n * n));
  Baseline base{[&] {
                  double t0 = now_ns();
                  array::matmul_f32(x.data<float>(), y.data<float>(), c.data(), n, n, n, false);
                  benchmark::DoNotOptimize(c.data());
                  return now_ns() - t0;
                },
                [&] { return max_abs_diff(kernel.global("__o"), c.data(), n * n); }};
  measure(state, kernel, base, 1.5, 0, 1e-2);
}

void grid_step_copy(benchmark::State& state, const RunSpec& spec) {
  PreparedRun kernel(spec, kDir);
  std::vector<float> x = to_floats(kernel.global("__x"));
  std::vector<float> o(x.size());
  const size_t block = 8 * 128;               // programs/copy.py: (8, 128) blocks
  const size_t blocks = x.size() / block;     // 256 distinct blocks ...
  const int64_t steps = spec.steps;           // ... visited 65,536 times
  Baseline base{[&] {
                  double t0 = now_ns();
                  for (int64_t s = 0; s < steps; ++s) {
                    size_t at = static_cast<size_t>(s) % blocks * block;
                    std::memcpy(o.data() + at, x.data() + at, block * sizeof(float));
                    benchmark::ClobberMemory();
                  }
                  return now_ns() - t0;
                },
                [&] { return max_abs_diff(kernel.global("__o"), o.data(), static_cast<int64_t>(o.size())); }};
  measure(state, kernel, base, 4.0, steps, 0.0);  // issue 22: <= 4x memcpy (250 ns)
}

// The C++ reference of a real-kernel run, reading the program's inputs.
std::function<std::vector<float>()> reference_of(const RunSpec& spec, const PreparedRun& k) {
  if (spec.reference == "flash_attention")
    return [&k] { return flash_attention_reference(k.global("__q"), k.global("__k"), k.global("__v")); };
  if (spec.reference == "grouped_matmul")  // programs/grouped_matmul.py: TM = 128
    return [&k] { return grouped_matmul_reference(k.global("__tile_group"), k.global("__lhs"), k.global("__rhs"), 128); };
  if (spec.reference == "paged_attention")
    return [&k] {
      return paged_attention_reference(k.global("__tables"), k.global("__lengths"), k.global("__q"), k.global("__k"),
                                       k.global("__v"));
    };
  throw std::runtime_error("no C++ reference named " + spec.reference);
}

void real_kernel(benchmark::State& state, const RunSpec& spec) {
  PreparedRun kernel(spec, kDir);
  auto compute = reference_of(spec, kernel);
  std::vector<float> ref;
  Baseline base{[&] {
                  double t0 = now_ns();
                  ref = compute();
                  benchmark::DoNotOptimize(ref.data());
                  return now_ns() - t0;
                },
                [&] { return max_abs_diff(kernel.global("__o"), ref.data(), static_cast<int64_t>(ref.size())); }};
  measure(state, kernel, base, spec.target, spec.steps, 1e-3);
}

// Rung 2 against rung 1 on the same program, each in its own interpreter.
void rung2(benchmark::State& state, const RunSpec& spec, const RunSpec& rung1_spec, double target) {
  PreparedRun kernel(spec, kDir);
  PreparedRun rung1(rung1_spec, kDir);
  Baseline base{[&] { return rung1.run_once(); },
                [&] {
                  std::vector<float> r1 = to_floats(rung1.global("__o"));
                  return max_abs_diff(kernel.global("__o"), r1.data(), static_cast<int64_t>(r1.size()));
                }};
  measure(state, kernel, base, target, 0, 0.0);
}

// --------------------------------------------------------------- reporting

// The display reporter: one `bench:` line per benchmark (plus an `info:`
// line with the absolute figures); errors print as `bench: NAME error=...`.
class RatioReporter : public benchmark::BenchmarkReporter {
 public:
  bool ReportContext(const Context&) override { return true; }
  void ReportRuns(const std::vector<Run>& runs) override {
    for (const Run& run : runs) {
      if (run.run_type != Run::RT_Iteration) continue;
      const std::string name = line_name(run.run_name.function_name);
      if (run.error_occurred) {
        std::printf("bench: %s error=%s\n", name.c_str(), run.error_message.c_str());
        continue;
      }
      auto get = [&](const char* key) {
        auto it = run.counters.find(key);
        return it == run.counters.end() ? 0.0 : static_cast<double>(it->second);
      };
      double target = get("target");
      char t[32];
      if (target > 0) std::snprintf(t, sizeof t, "%g", target);
      else std::snprintf(t, sizeof t, "-");
      std::printf("bench: %s ratio=%.2f target=%s\n", name.c_str(), get("ratio"), t);
      std::printf("info: %s engine_ms=%.2f baseline_ms=%.2f", name.c_str(), get("kernel_ns") / 1e6,
                  get("baseline_ns") / 1e6);
      if (double steps = get("steps"); steps > 0)
        std::printf(" ns_per_step=%.0f memcpy_ns_per_step=%.0f", get("kernel_ns") / steps, get("baseline_ns") / steps);
      std::printf("\n");
      std::fflush(stdout);
    }
  }

 private:
  static std::string line_name(const std::string& run) {
    if (run == "elementwise_rung1") return "elementwise_rung1_vs_loop";
    if (run == "matmul_rung1") return "matmul_rung1_vs_matmul_f32";
    if (run == "grid_step_copy") return "grid_step_copy_vs_memcpy";
    if (run.find("_rung2") == std::string::npos) return run + "_vs_reference";
    return run + "_vs_rung1";
  }
};

}  // namespace
}  // namespace rungs::bench

int main(int argc, char** argv) {
  using namespace rungs::bench;
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 2;
  static std::vector<RunSpec> specs = load_specs(kDir);
  auto add = [](const RunSpec& s, auto fn) {
    benchmark::RegisterBenchmark(s.name.c_str(), fn)
        ->UseManualTime()
        ->Iterations(reps_of(s))
        ->Unit(benchmark::kMillisecond);
  };
  const RunSpec& r1 = find_spec(specs, "matmul_rung1");
  for (const RunSpec& s : specs) {
    if (s.name == "elementwise_rung1") add(s, [&s](benchmark::State& st) { elementwise(st, s); });
    else if (s.name == "matmul_rung1") add(s, [&s](benchmark::State& st) { matmul(st, s); });
    else if (s.name == "grid_step_copy") add(s, [&s](benchmark::State& st) { grid_step_copy(st, s); });
    else if (s.name == "matmul_rung2") add(s, [&s, &r1](benchmark::State& st) { rung2(st, s, r1, 2.0); });
    else if (s.name == "matmul_rung2_races") add(s, [&s, &r1](benchmark::State& st) { rung2(st, s, r1, 5.0); });
    else if (!s.reference.empty()) add(s, [&s](benchmark::State& st) { real_kernel(st, s); });
    else std::fprintf(stderr, "warning: no native benchmark for run %s\n", s.name.c_str());
  }
  RatioReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::Shutdown();
  return 0;
}
