#include "core/pallas/checkify.h"

#include "core/eval/exceptions.h"
#include "core/eval/modules.h"

namespace rungs::pallas {

CheckifyState& checkify_state(eval::Interpreter& interp) {
  auto* s = dynamic_cast<CheckifyState*>(interp.extension("checkify"));
  if (!s) {
    interp.set_extension("checkify", std::make_unique<CheckifyState>());
    s = dynamic_cast<CheckifyState*>(interp.extension("checkify"));
  }
  return *s;
}

namespace {

const eval::RecordType& error_type() {
  static const eval::RecordType t = [] {
    eval::RecordType r;
    r.name = "Error";
    r.repr = [](const eval::RecordObj& rec, eval::Interpreter& ip) {
      eval::Value m = rec.get("message");
      return m.is_none() ? std::string("Error(None)") : "Error(" + ip.repr(m) + ")";
    };
    r.methods["get"] = [](eval::Interpreter&, const eval::Value& self, eval::CallArgs&) {
      return self.as<eval::RecordObj>().get("message");
    };
    r.methods["throw"] = [](eval::Interpreter& ip, const eval::Value& self, eval::CallArgs& call) {
      eval::Value m = self.as<eval::RecordObj>().get("message");
      if (!m.is_none()) raise(ErrorId::debug_check_failed, call.where, ip.str(m));
      return eval::Value::none();
    };
    return r;
  }();
  return t;
}

eval::Value checkify(eval::Interpreter&, eval::CallArgs& call) {
  if (call.positional.empty()) raise(ErrorId::missing_positional, call.where, "checkify", 1, "", "'f'");
  eval::Value fn = call.positional[0];
  return eval::make_builtin("checkify.checked_fun", [fn](eval::Interpreter& ip, eval::CallArgs& inner) {
    CheckifyState& state = checkify_state(ip);
    std::optional<std::string> saved = state.failure;
    state.failure.reset();
    ++state.depth;
    eval::Value out;
    try {
      out = ip.call(fn, std::move(inner));
    } catch (...) {
      --state.depth;
      state.failure = saved;
      throw;
    }
    --state.depth;
    auto err = std::make_shared<eval::RecordObj>(&error_type());
    err->set("message", state.failure ? eval::make_str(*state.failure) : eval::Value::none());
    state.failure = saved;
    return eval::make_tuple({eval::Value::object(err), out});
  });
}

}  // namespace

void register_checkify_module() {
  eval::Interpreter::register_module("jax.experimental.checkify", [](eval::Interpreter&) {
    auto m = eval::new_module("jax.experimental.checkify");
    eval::def(*m, "checkify", checkify);
    for (const char* set : {"all_checks", "user_checks", "float_checks", "index_checks", "nan_checks", "div_checks"})
      m->attrs[set] = eval::make_str(set);
    return eval::Value::object(m);
  });
}

}  // namespace rungs::pallas
