// unittest: TestCase, its assert methods, skips, subTest, and the text
// runner behind unittest.main(), written in Python (unittest_contexts_source.cpp,
// unittest_case_source.cpp, unittest_runner_source.cpp) as CPython 3.11's unittest behaves. Three
// hooks come from C++: the report goes to the run's stderr lines (the
// channel warnings use; Rungs' stdout stays what the program printed, as in
// CPython), a caught exception's traceback is formatted from the frames the
// engine recorded, and unittest.main() finds the tests in the main
// program's globals (there is no sys.modules['__main__'] to read).
#include <memory>

#include "core/python/exceptions.h"
#include "core/python/library_sources.h"
#include "core/python/modules.h"
#include "core/python/warnings_log.h"

namespace rungs::python {

extern const char* const kUnittestContextsSource;  // unittest_contexts_source.cpp
extern const char* const kUnittestCaseSource;    // unittest_case_source.cpp
extern const char* const kUnittestRunnerSource;  // unittest_runner_source.cpp

namespace {

// "  File \"x.py\", line 7, in test_add" for each recorded frame, outermost
// first, as traceback.format_tb writes them (without the source line: the
// engine does not keep every file's text at hand).
Value traceback_lines(Interpreter& ip, CallArgs& a) {
  Values lines;
  if (!a.positional.empty() && a.positional[0].is(ObjKind::Exception)) {
    const ExceptionObj& exc = a.positional[0].as<ExceptionObj>();
    for (const TracebackEntry& t : exc.traceback) {
      if (!t.where.known()) continue;
      lines.push_back(make_str("  File \"" + ip.file_name(t.where.file) + "\", line " + std::to_string(t.where.line) +
                               ", in " + t.function));
    }
  }
  return make_list(std::move(lines));
}

Value stderr_line(Interpreter& ip, CallArgs& a) {
  log_stderr_line(ip, a.positional.empty() ? std::string() : ip.str(a.positional[0]));
  return Value::none();
}

// The main program's global names (the loader sorts what it finds).
Value main_namespace(Interpreter& ip, CallArgs&) {
  auto d = std::make_shared<DictObj>();
  std::vector<std::pair<std::string, Value>> vars(ip.globals()->vars.begin(), ip.globals()->vars.end());
  for (const auto& [name, value] : vars) d->set(make_str(name), value);
  return Value::object(d);
}

}  // namespace

void register_module_unittest() {
  Interpreter::register_module("unittest", [](Interpreter& ip) {
    std::string source = std::string(kUnittestContextsSource) + kUnittestCaseSource + kUnittestRunnerSource;
    return ip.define_generated_module("unittest", source,
                                      {{"_traceback_lines", make_builtin("_traceback_lines", traceback_lines)},
                                       {"_stderr_line", make_builtin("_stderr_line", stderr_line)},
                                       {"_main_namespace", make_builtin("_main_namespace", main_namespace)}});
  });
}

}  // namespace rungs::python
