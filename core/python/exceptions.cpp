#include "core/python/exceptions.h"

#include <cctype>
#include <unordered_map>

#include "core/python/interpreter.h"

namespace rungs::python {

namespace {
// class -> base class, the slice of Python's (and JAX's) hierarchy programs meet.
const std::unordered_map<std::string, std::string>& parents() {
  static const std::unordered_map<std::string, std::string> table = {
      {"BaseException", ""},
      {"Exception", "BaseException"},
      {"KeyboardInterrupt", "BaseException"},
      {"ArithmeticError", "Exception"},
      {"ZeroDivisionError", "ArithmeticError"},
      {"OverflowError", "ArithmeticError"},
      {"FloatingPointError", "ArithmeticError"},
      {"AssertionError", "Exception"},
      {"AttributeError", "Exception"},
      {"FrozenInstanceError", "AttributeError"},  // dataclasses
      {"LookupError", "Exception"},
      {"IndexError", "LookupError"},
      {"KeyError", "LookupError"},
      {"NameError", "Exception"},
      {"UnboundLocalError", "NameError"},
      {"RuntimeError", "Exception"},
      {"NotImplementedError", "RuntimeError"},
      {"RecursionError", "RuntimeError"},
      {"TypeError", "Exception"},
      {"ValueError", "Exception"},
      {"ImportError", "Exception"},
      {"ModuleNotFoundError", "ImportError"},
      {"StopIteration", "Exception"},
      {"GeneratorExit", "BaseException"},
      {"MemoryError", "Exception"},
      {"SyntaxError", "Exception"},
      {"IndentationError", "SyntaxError"},
      {"TabError", "IndentationError"},
      {"UnicodeError", "ValueError"},
      {"UnicodeDecodeError", "UnicodeError"},  // bytes.decode, str.encode (bytes_type.cpp)
      {"UnicodeEncodeError", "UnicodeError"},
      {"SystemExit", "BaseException"},
      // The file-system errors: no Rungs program reaches a file, but
      // library classes derive from them (gzip.BadGzipFile) and handlers
      // name them.
      {"OSError", "Exception"},
      {"FileNotFoundError", "OSError"},
      {"FileExistsError", "OSError"},
      {"PermissionError", "OSError"},
      {"IsADirectoryError", "OSError"},
      {"TimeoutError", "OSError"},
      {"EOFError", "Exception"},
      {"re.error", "Exception"},  // re (module_re.cpp)  // sys.exit (module_os_sys.cpp)
      {"Warning", "Exception"},         // warnings.warn categories (module_contextlib.cpp)
      {"UserWarning", "Warning"},
      {"DeprecationWarning", "Warning"},
      {"PendingDeprecationWarning", "Warning"},
      {"FutureWarning", "Warning"},
      {"RuntimeWarning", "Warning"},
      {"SyntaxWarning", "Warning"},
      // jax.errors
      {"JaxRuntimeError", "RuntimeError"},
      {"XlaRuntimeError", "RuntimeError"},
      {"ConcretizationTypeError", "TypeError"},
      {"TracerBoolConversionError", "ConcretizationTypeError"},
      {"TracerIntegerConversionError", "TypeError"},
      {"TracerArrayConversionError", "TypeError"},
      {"UnexpectedTracerError", "Exception"},
      {"LoweringException", "Exception"},
      // jax._src.pallas.mosaic.error_handling: Mosaic compile errors with a location
      {"MosaicError", "Exception"},
      // numpy.exceptions.AxisError (NumPy's also derives from IndexError)
      {"AxisError", "ValueError"},
      // numpy._core._exceptions: the in-place ufunc casting error
      {"UFuncTypeError", "TypeError"},
      {"numpy._core._exceptions._UFuncOutputCastingError", "UFuncTypeError"},
  };
  return table;
}
}  // namespace

bool is_exception_class(const std::string& name) { return parents().count(name) > 0; }

bool exception_is_subclass(const std::string& type, const std::string& handler) {
  std::string t = type;
  for (int guard = 0; guard < 16 && !t.empty(); ++guard) {
    if (t == handler) return true;
    auto it = parents().find(t);
    if (it == parents().end()) return handler == "Exception" || handler == "BaseException";
    t = it->second;
  }
  return false;
}

std::string exception_message(Interpreter& interp, const Values& args) {
  if (args.empty()) return "";
  if (args.size() == 1) return interp.str(args[0]);
  return interp.repr(make_tuple(args));
}

Value exception_class(const std::string& name) {
  auto fn = [name](Interpreter& interp, CallArgs& args) -> Value {
    auto exc = std::make_shared<ExceptionObj>();
    exc->type = name;
    exc->args = args.positional;
    // str(KeyError(k)) is repr(k), unlike every other exception.
    exc->message = name == "KeyError" && args.positional.size() == 1 ? interp.repr(args.positional[0])
                                                                     : exception_message(interp, args.positional);
    exc->id = name == "AssertionError" ? ErrorId::assertion_failed : ErrorId::user_exception;
    exc->where = args.where;
    return Value::object(exc);
  };
  return Value::object(std::make_shared<BuiltinObj>(name, fn, "exc:" + name));
}

namespace {
// An engine-raised KeyError carries repr(key) as its message (str(KeyError(k))
// is repr(k)); the key itself comes back from that text for the common keys,
// so `e.args[0]` and repr(e) read as CPython's.
Value key_error_arg(const std::string& text) {
  size_t n = text.size();
  bool quoted = n >= 2 && (text[0] == '\'' || text[0] == '"') && text[n - 1] == text[0] &&
                text.find('\\') == std::string::npos && text.find(text[0], 1) == n - 1;
  if (quoted) return make_str(text.substr(1, n - 2));
  bool integer = n > 0 && n < 19;
  for (size_t i = 0; i < n && integer; ++i) integer = std::isdigit(static_cast<unsigned char>(text[i])) || (i == 0 && text[i] == '-' && n > 1);
  if (integer) return Value::integer(std::stoll(text));
  return make_str(text);
}
}  // namespace

Value exception_value(const EngineError& error) {
  auto exc = std::make_shared<ExceptionObj>();
  exc->type = error.type;
  exc->message = error.message;
  // SystemExit's status comes back as the int it was (sys.exit(2) and
  // argparse's errors are caught to read e.code == 2).
  bool keyed = error.type == "KeyError" || error.type == "SystemExit";
  exc->args = {keyed ? key_error_arg(error.message) : make_str(error.message)};
  if ((error.type == "StopIteration" || error.type == "SystemExit") && error.message.empty())
    exc->args.clear();  // e.value / e.code is None
  exc->id = error.id;
  exc->where = error.where;
  exc->traceback = error.traceback;
  return Value::object(exc);
}

EngineError error_from_exception(const ExceptionObj& exc, SourceRange where) {
  EngineError e(exc.id, exc.type, exc.message, where);
  e.traceback = exc.traceback;
  return e;
}

}  // namespace rungs::python
