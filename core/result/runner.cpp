// The engine's front door: parse, evaluate (pallas_calls run on their rung
// as they are met), then build the result document. Every failure becomes
// an error in the document; nothing escapes as a C++ exception.
#include "core/result/runner.h"

#include <algorithm>
#include <atomic>
#include <mutex>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "core/array/memory_budget.h"
#include "core/ir/host_precision.h"
#include "core/ir/trace.h"
#include "core/jax/modules.h"
#include "core/python/modules.h"
#include "core/lang/parser.h"
#include "core/pallas/mode.h"
#include "core/pallas/modules.h"
#include "core/result/document.h"
#include "core/result/engine.h"
#include "core/result/platform.h"
#include "core/rungs/install.h"

namespace rungs::result {

void init_engine() {
  static std::once_flag once;
  std::call_once(once, [] {
#ifdef __GLIBC__
    // glibc gives the top of its heap back to the OS as soon as 128 KB there
    // are free, and serves big blocks with fresh mappings: a kernel that
    // frees and reallocates the same block-sized arrays every grid step then
    // pays a trim (munmap, a TLB shootdown) and page faults on each one (14%
    // of the blocked-matmul benchmark). Keep freed memory in the process.
    mallopt(M_TRIM_THRESHOLD, 256 << 20);
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
#endif
    jax::register_jax_modules();
    pallas::register_pallas_modules();
    exec::install_executors();
  });
}

void configure(python::Interpreter& interp, const RunOptions& options) {
  pallas::RunMode& mode = pallas::run_mode(interp);
  mode.forced_rung = options.rung;
  mode.trace = options.trace;
  mode.devices = options.devices;
  mode.params = options.params;
  interp.set_program_files(options.files);
}

// An uncaught SystemExit whose code is None, 0 or False (sys.exit(),
// unittest.main() after every test passed) ends the run as CPython ends the
// process: successfully, exit status 0. Any other code is a failed run.
static bool clean_exit(const EngineError& e) {
  if (e.type != "SystemExit") return false;
  return e.message.empty() || e.message == "None" || e.message == "0" || e.message == "False";
}

std::optional<EngineError> execute(python::Interpreter& interp, const std::string& source, const RunOptions& options,
                                   bool ends_run) {
  init_engine();
  array::ScopedMemoryBudget budget(options.max_memory, std::min<int64_t>(options.max_memory / 4 + 1, int64_t{1} << 28));
  python::Interpreter::clear_interrupt();
  // The host platform (platform.h) and the matmul precision the host uses
  // on it are engine-thread settings: set them from this interpreter for
  // the run and keep what the program changed for its next cell.
  pallas::RunMode& mode = pallas::run_mode(interp);
  mode.platform = platform_for_run(options, source);
  ir::set_host_platform(mode.platform == "tpu" ? ir::HostPlatform::Tpu : ir::HostPlatform::Cpu);
  ir::set_default_matmul_precision(mode.default_matmul_precision);
  ir::reset_host_bf16_dots();
  struct KeepPrecision {
    pallas::RunMode& mode;
    ~KeepPrecision() {
      mode.default_matmul_precision = ir::default_matmul_precision();
      mode.host_bf16_dots = ir::host_bf16_dots();
      ir::set_host_platform(ir::HostPlatform::Cpu);
      ir::set_default_matmul_precision(std::nullopt);
    }
  } keep{mode};
  // Equations recorded inside generated library code carry the user's call.
  ir::SourceMapScope user_positions([&interp](const SourceRange& r) {
    SourceRange user = interp.user_site(), here = interp.current_range();
    return user.line == here.line && user.col == here.col && user.file == here.file ? r : user;
  });
  try {
    auto module = lang::parse_module(source, options.filename);
    std::optional<EngineError> error;
    try {
      interp.exec_module(module);
    } catch (EngineError& e) {
      error = e;
    }
    // After an uncaught exception too: CPython finalizes either way.
    if (ends_run && (!error || !python::is_fatal(*error))) interp.close_suspended_generators();
    if (error && clean_exit(*error)) error.reset();
    if (error) return error;
  } catch (EngineError& e) {
    return e;
  } catch (std::bad_alloc&) {
    return make_error(ErrorId::memory_limit, interp.current_range(), 0, 0, options.max_memory);
  } catch (std::exception& e) {
    return make_error(ErrorId::internal_error, interp.current_range(), e.what());
  }
  return std::nullopt;
}

static python::Limits limits_of(const RunOptions& o) {
  python::Limits l;
  l.max_steps = o.max_steps;
  l.max_depth = o.max_recursion;
  l.max_output = o.max_output;
  return l;
}

static std::string dump(const Json& j) { return j.dump(-1, ' ', false, Json::error_handler_t::replace); }

Json run_document(const std::string& source, const RunOptions& options, const DocumentLimits& limits) {
  init_engine();
  python::Interpreter interp(limits_of(options));
  configure(interp, options);
  std::optional<EngineError> error = execute(interp, source, options);
  return document(interp, error, options.trace, limits);
}

std::string run_to_json(const std::string& source, const RunOptions& options) {
  return dump(run_document(source, options));
}

std::string compare_to_json(const std::string& source, const RunOptions& options) {
  return dump(compare_document(source, options));
}

std::string failure_to_json(const EngineError& error, bool for_compare) {
  Json doc = {{"ok", false}, {"stdout", ""}, {"values", Json::object()}, {"error", error_json(error)},
              {"calls", Json::array()}};
  if (for_compare) doc["rungs"] = Json::object();  // compare's shape, empty
  return dump(doc);
}

std::string errors_to_json() {
  Json list = Json::array();
  for (const ErrorInfo& e : all_errors())
    list.push_back(Json{{"id", e.name}, {"type", e.type}, {"template", e.text}, {"category", e.category}});
  return dump(list);
}

struct Session::State {
  std::unique_ptr<python::Interpreter> interp;
};

Session::Session() : state_(std::make_unique<State>()) {}
Session::~Session() = default;

std::string Session::exec_to_json(const std::string& cell, const RunOptions& options) {
  init_engine();
  if (!state_->interp) state_->interp = std::make_unique<python::Interpreter>(limits_of(options));
  python::Interpreter& interp = *state_->interp;
  configure(interp, options);
  // Each cell reports its own stdout and calls; globals and the simulated
  // TPU state (an interpreter extension) persist.
  interp.stdout_text().clear();
  exec::call_log(interp).calls.clear();
  std::optional<EngineError> error = execute(interp, cell, options, /*ends_run=*/false);
  return dump(document(interp, error, options.trace));
}

void Session::reset() { state_->interp.reset(); }

void request_interrupt() { python::Interpreter::request_interrupt(); }
void clear_interrupt() { python::Interpreter::clear_interrupt(); }

}  // namespace rungs::result
