// The warnings a run has shown (warnings.warn), in CPython's stderr format
// ("kernel.py:12: UserWarning: message"). Rungs' result document has no
// stderr channel, and a warning printed to stdout would make a program's
// output differ from CPython's, so module_contextlib.cpp keeps them here, on
// the interpreter, for a host (the CLI, the result document) to show.
#pragma once

#include <string>
#include <vector>

#include "core/python/interpreter.h"

namespace rungs::python {

// One line per shown warning, in the order shown, without trailing newlines.
const std::vector<std::string>& warnings_shown(Interpreter& ip);

// Text a library module writes to stderr in CPython (argparse's usage and
// "prog: error: ..." lines), kept in the same log, one entry per line.
void log_stderr(Interpreter& ip, const std::string& text);
// Appends one line the program wrote to stderr (unittest's report); it is
// shown with the warnings, on the same channel, in the order written.
void log_stderr_line(Interpreter& ip, std::string line);

}  // namespace rungs::python
