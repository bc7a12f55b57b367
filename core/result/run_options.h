// What a run takes from outside the program, typed, parsed once: the rung to
// force, the InterpretParams / chip overrides (pallas/run_params.h), the
// trace switch and the limits. The CLI, the wasm bindings and so
// <rungs-kernel> all parse through here, and everything they refuse is
// refused the same way: an EngineError with a usage id from the registry
// (unknown_run_param, bad_run_param, bad_run_option) naming what was wrong.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "core/pallas/pallas_call.h"
#include "core/pallas/run_params.h"
#include "core/python/program_files.h"

namespace rungs::result {

// Simulated devices a run may ask for (--devices, JS `devices`).
inline constexpr int64_t kMaxDevices = 64;

struct RunOptions {
  std::optional<pallas::Rung> rung;  // nullopt: "auto", the program's interpret= decides
  // The host platform the run models ("cpu" or "tpu"); empty: chosen from
  // the rung and the program (platform_for_run in runner.h).
  std::string platform;
  bool trace = false;                // record per-grid-step events in calls[]
  int64_t devices = 0;               // simulated devices (jax.devices()); 0: the program decides (default 1)
  pallas::ParamSettings params;      // overrides of InterpretParams and chip settings
  std::string filename = "kernel.py";
  // The program's other files (`import util` finds util.py) and the main
  // program's package: the CLI reads them from disk, the JS API's `files`
  // and `package` hold them.
  python::ProgramFiles files;
  int64_t max_steps = 50'000'000;       // evaluator + interpreter steps
  int64_t max_memory = 1'000'000'000;   // bytes of live array data
  int max_recursion = 200;              // Python call depth
  int64_t max_output = 1'000'000;       // bytes of stdout
};

// "auto" -> nullopt, a rung's name -> that rung; anything else is refused.
std::optional<pallas::Rung> parse_rung_option(const std::string& text);
// "auto" -> "", "cpu" / "tpu" -> itself; anything else is refused.
std::string parse_platform_option(const std::string& text);
// A JSON object of params ({"detect_races": true, ...}) -> checked settings;
// an unknown key or a wrong type is refused naming the key.
pallas::ParamSettings parse_params(const std::string& json_text);
// The JS API's options object ({rung, platform, trace, devices, params, filename, files,
// package, maxSteps, maxMemory, maxRecursion, maxOutput}) -> RunOptions; unknown keys refused.
RunOptions parse_options(const std::string& json_text);

}  // namespace rungs::result
