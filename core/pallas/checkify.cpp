#include "core/pallas/checkify.h"

#include "core/python/exceptions.h"
#include "core/jax/modules.h"
#include "core/python/modules.h"
#include "core/python/str_format.h"

namespace rungs::pallas {

CheckifyState& checkify_state(python::Interpreter& interp) {
  return interp.state<CheckifyState>();
}

namespace {

const python::RecordType& error_type() {
  static const python::RecordType t = [] {
    python::RecordType r;
    r.name = "Error";
    r.repr = [](const python::RecordObj& rec, python::Interpreter& ip) {
      python::Value m = rec.get("message");
      return m.is_none() ? std::string("Error(None)") : "Error(" + ip.repr(m) + ")";
    };
    r.methods["get"] = [](python::Interpreter&, const python::Value& self, python::CallArgs&) {
      return self.as<python::RecordObj>().get("message");
    };
    r.methods["throw"] = [](python::Interpreter& ip, const python::Value& self, python::CallArgs& call) {
      python::Value m = self.as<python::RecordObj>().get("message");
      if (!m.is_none()) raise(ErrorId::debug_check_failed, call.where, ip.str(m));
      return python::Value::none();
    };
    return r;
  }();
  return t;
}

python::Value checkify(python::Interpreter&, python::CallArgs& call) {
  if (call.positional.empty()) raise(ErrorId::missing_positional, call.where, "checkify", 1, "", "'f'");
  python::Value fn = call.positional[0];
  return python::make_builtin("checkify.checked_fun", [fn](python::Interpreter& ip, python::CallArgs& inner) {
    CheckifyState& state = checkify_state(ip);
    std::optional<std::string> saved = state.failure;
    state.failure.reset();
    ++state.depth;
    python::Value out;
    try {
      out = ip.call(fn, std::move(inner));
    } catch (...) {
      --state.depth;
      state.failure = saved;
      throw;
    }
    --state.depth;
    auto err = std::make_shared<python::RecordObj>(&error_type());
    err->set("message", state.failure ? python::make_str(*state.failure) : python::Value::none());
    state.failure = saved;
    return python::make_tuple({python::Value::object(err), out});
  });
}

// checkify.check(pred, msg, *fmt_args, **fmt_kwargs) on the host: inside a
// checkified function the first failed check becomes its Error; outside one
// a failed check raises at once (eager JAX raises JaxRuntimeError).
python::Value check(python::Interpreter& ip, python::CallArgs& call) {
  if (call.positional.size() < 2) raise(ErrorId::missing_positional, call.where, "check", 2 - call.positional.size(), call.positional.empty() ? "s" : "", call.positional.empty() ? "'pred' and 'msg'" : "'msg'");
  if (ip.truthy(call.positional[0])) return python::Value::none();
  python::CallArgs fmt;
  fmt.positional.assign(call.positional.begin() + 2, call.positional.end());
  fmt.keywords = call.keywords;
  fmt.where = call.where;
  std::string message = python::str_format(ip, ip.str(call.positional[1]), fmt);
  CheckifyState& state = checkify_state(ip);
  if (state.depth == 0) raise(ErrorId::debug_check_failed, call.where, failed_check_text(message));
  if (!state.failure) state.failure = failed_check_text(message);
  return python::Value::none();
}

}  // namespace

void register_checkify_module() {
  python::Interpreter::register_module("jax.experimental.checkify", [](python::Interpreter&) {
    auto m = python::new_module("jax.experimental.checkify");
    python::def(*m, "checkify", checkify);
    python::def(*m, "check", check);
    for (const char* set : {"all_checks", "user_checks", "float_checks", "index_checks", "nan_checks", "div_checks"})
      m->attrs[set] = python::make_str(set);
    return python::Value::object(m);
  });
}

}  // namespace rungs::pallas
