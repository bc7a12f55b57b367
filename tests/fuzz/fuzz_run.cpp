// libFuzzer target: whole programs through the engine's front door, on every
// rung. The first byte chooses how to run; the rest is the program:
//   bits 0-1  rung: interpret, tpu, chip, or auto (the program's own interpret=)
//   bit 2     trace on (per-grid-step events in the document)
//   bit 3     race detection on two simulated cores (rung 2's params)
//   bit 4     notebook: split the program at lines "#%%" and run the cells
//             one after another in one Session (state survives between cells)
// Budgets are small so no input runs for long: a finding is a crash, a
// sanitizer report, a hang past libFuzzer's -timeout, or a document whose
// error is `internal_error` (the engine admitting a bug of its own). A Python
// error in the document is a normal outcome.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "core/result/runner.h"

namespace {

rungs::result::RunOptions options_for(uint8_t mode) {
  static const char* const kRungs[] = {"interpret", "tpu", "chip", "auto"};
  rungs::result::RunOptions o;
  o.rung = rungs::result::parse_rung_option(kRungs[mode & 3]);
  o.trace = (mode & 4) != 0;
  if (mode & 8) o.params = rungs::result::parse_params(R"({"detect_races": true, "num_cores_or_threads": 2})");
  o.filename = "fuzz.py";
  // Small enough that the slowest legal program stays a few seconds under
  // ASan: a grid step with race detection on two cores costs ~0.2 ms there,
  // and a step may be a whole-array operation on the largest array the
  // memory budget allows (500k float32 elements).
  o.max_steps = 20'000;
  o.max_memory = 2'000'000;
  o.max_output = 64'000;
  // max_recursion stays at the shipped default (200): a stack overflow at
  // that depth would be a real bug.
  return o;
}

// The document's own error (not a user string: those are JSON-escaped, so
// the unescaped key/value pair can only be the document's structure).
void check(const std::string& doc) {
  if (doc.find(R"("id":"internal_error")") != std::string::npos && !std::getenv("RUNGS_FUZZ_ALLOW_INTERNAL")) {
    std::fprintf(stderr, "internal_error in the result document:\n%s\n", doc.substr(0, 4000).c_str());
    std::abort();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  const uint8_t mode = data[0];
  std::string_view program(reinterpret_cast<const char*>(data + 1), size - 1);
  rungs::result::RunOptions options = options_for(mode);
  if (!(mode & 16)) {
    check(rungs::result::run_to_json(std::string(program), options));
    return 0;
  }
  rungs::result::Session session;
  size_t start = 0;
  for (;;) {
    size_t end = program.find("\n#%%", start);
    if (end == std::string_view::npos) end = program.size();
    check(session.exec_to_json(std::string(program.substr(start, end - start)), options));
    if (end == program.size()) break;
    size_t eol = program.find('\n', end + 1);  // the marker line is not part of either cell
    start = eol == std::string_view::npos ? program.size() : eol + 1;
  }
  return 0;
}
