// argparse: ArgumentParser, its actions, groups and Namespace, written in
// Python (argparse_help_source.cpp, argparse_source.cpp,
// argparse_parser_source.cpp) with CPython 3.11's parsing rules, help and
// usage layout and error texts. parse_args() with no list reads
// sys.argv[1:], which is empty in a Rungs run, so a benchmark script's
// `args = parser.parse_args()` gives the defaults. What CPython writes to
// stderr (the usage and "prog: error: ..." before SystemExit: 2) goes to
// the run's stderr log (warnings_log.h), since stdout must stay CPython's.
#include "core/python/library_sources.h"
#include "core/python/modules.h"
#include "core/python/warnings_log.h"

namespace rungs::python {

void register_module_argparse() {
  Interpreter::register_module("argparse", [](Interpreter& ip) {
    Value to_stderr = make_builtin("_stderr", [](Interpreter& ip, CallArgs& call) {
      log_stderr(ip, ip.str(call.positional.at(0)));
      return Value::none();
    });
    return ip.define_generated_module("argparse", std::string(kArgparseHelpSource) + kArgparseSource + kArgparseParserSource,
                                      {{"_stderr", to_stderr}});
  });
}

}  // namespace rungs::python
