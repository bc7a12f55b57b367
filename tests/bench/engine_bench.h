// The native benchmark harness's view of the engine: a prepared interpreter
// per benchmark run (benchmarks.json "runs"), so only the kernel call is
// timed. The setup program (programs/FILE) runs once into the interpreter and
// defines the inputs and a `run()` function; each timed execution is the tiny
// cell `__o = run()` through result::execute, with no result document built.
// The same programs and cells are timed in wasm by wasm_bench.mjs.
#pragma once

#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "core/array/array.h"
#include "core/python/interpreter.h"
#include "core/result/runner.h"

namespace rungs::bench {

// One entry of benchmarks.json "runs".
struct RunSpec {
  std::string name, file, cell, rung, params_json;
  int reps = 5;
  int64_t steps = 0;  // grid steps per call, when a figure is per step
  std::string reference;  // a real-kernel run: its C++ reference (reference_kernels.h)
  double target = 0;      // its engine/reference target (0: none)
};

// All runs of benchmarks.json, in file order (RUNGS_BENCH_DIR is the folder).
std::vector<RunSpec> load_specs(const std::string& bench_dir);
const RunSpec& find_spec(const std::vector<RunSpec>& specs, const std::string& name);

class PreparedRun {
 public:
  // Runs the setup program; throws std::runtime_error with the engine's
  // message if it fails.
  PreparedRun(const RunSpec& spec, const std::string& bench_dir);
  // One timed call of the spec's cell; returns wall nanoseconds. Throws if
  // the program reports an error.
  double run_once();
  // A global array of the interpreter (inputs, or `__o` after a run).
  const array::Array& global(const std::string& name) const;
  const RunSpec& spec() const { return spec_; }

 private:
  RunSpec spec_;
  result::RunOptions options_;
  std::unique_ptr<python::Interpreter> interp_;
};

inline double now_ns() {
  return static_cast<double>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
          .count());
}

// Largest |a - b| over two float32 arrays of the same size (inf if sizes differ).
double max_abs_diff(const array::Array& a, const float* b, int64_t n);

}  // namespace rungs::bench
