// subprocess: importable, because test files import it at the top (JAX's
// ops_test.py) even when only one test starts a process. A Rungs program
// cannot start processes, so each function that would is a located
// NotImplementedError; the constants and exception classes exist.
#include "core/python/exceptions.h"
#include "core/python/modules.h"

namespace rungs::python {

namespace {

const char* const kSubprocessSource = R"PY(
PIPE = -1
STDOUT = -2
DEVNULL = -3


class SubprocessError(Exception):
    pass


class CalledProcessError(SubprocessError):
    def __init__(self, returncode, cmd, output=None, stderr=None):
        self.returncode, self.cmd, self.output, self.stderr = returncode, cmd, output, stderr

    def __str__(self):
        return "Command '%s' returned non-zero exit status %d." % (self.cmd, self.returncode)


class TimeoutExpired(SubprocessError):
    def __init__(self, cmd, timeout, output=None, stderr=None):
        self.cmd, self.timeout, self.output, self.stderr = cmd, timeout, output, stderr

    def __str__(self):
        return "Command '%s' timed out after %s seconds" % (self.cmd, self.timeout)
)PY";

}  // namespace

void register_module_subprocess() {
  Interpreter::register_module("subprocess", [](Interpreter& ip) {
    Value m = ip.define_generated_module("subprocess", kSubprocessSource, {});
    for (const char* name : {"run", "Popen", "call", "check_call", "check_output", "getoutput", "getstatusoutput"}) {
      std::string dotted = std::string("subprocess.") + name;
      m.as<ModuleObj>().attrs[name] = make_builtin(name, [dotted](Interpreter&, CallArgs& call) -> Value {
        raise(ErrorId::unsupported_feature, call.where, dotted);
      });
    }
    return m;
  });
}

}  // namespace rungs::python
