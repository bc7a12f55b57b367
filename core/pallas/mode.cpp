#include "core/pallas/mode.h"

#include "core/python/args.h"
#include "core/pallas/records.h"

namespace rungs::pallas {

using python::ObjKind;

RunMode& run_mode(python::Interpreter& interp) {
  return interp.state<RunMode>();
}

namespace {
void (*g_tpu_state_reset)(python::Interpreter&) = nullptr;

}  // namespace

void choose_rung(PallasCall& call, const python::Value& interpret, python::Interpreter& interp, SourceRange where) {
  RunMode& mode = run_mode(interp);
  call.chip = mode.chip;
  InterpretParams params;
  bool has_params = false;
  if (is_record(interpret, interpret_params_type())) {
    params = parse_interpret_params(interpret, interp, where);
    has_params = true;
    call.rung = Rung::Tpu;
  } else if (interpret.is(ObjKind::Record) && interpret.as<python::RecordObj>().type->name == "InterpretGPUParams") {
    raise(ErrorId::gpu_interpret_unsupported, where);
  } else {
    call.rung = interp.truthy(interpret) ? Rung::Interpret : Rung::Chip;
  }
  if (mode.tpu_mode) {  // JAX: effective = config value or interpret
    params = *mode.tpu_mode;
    has_params = true;
    call.rung = Rung::Tpu;
  }
  call.requested_rung = call.rung;
  if (mode.forced_rung) call.rung = *mode.forced_rung;
  (void)has_params;
  apply_params(mode.params, params, call.chip);
  call.interpret = params;
}

namespace {
const python::RecordType& context_type() {
  static const python::RecordType t = [] {
    python::RecordType r;
    r.name = "force_tpu_interpret_mode";
    r.methods["__enter__"] = [](python::Interpreter& ip, const python::Value& self, python::CallArgs& call) {
      RunMode& mode = run_mode(ip);
      auto* rec = &self.as<python::RecordObj>();
      rec->set("__previous__", mode.tpu_mode ? python::Value::boolean(true) : python::Value::none());
      mode.tpu_mode = parse_interpret_params(rec->get("params"), ip, call.where);
      return python::Value::none();
    };
    r.methods["__exit__"] = [](python::Interpreter& ip, const python::Value&, python::CallArgs&) {
      run_mode(ip).tpu_mode.reset();
      return python::Value::boolean(false);
    };
    return r;
  }();
  return t;
}

python::Value params_or_default(python::Interpreter& ip, python::CallArgs& call, const char* fn) {
  python::Args a(call, fn, {"params"});
  if (a.has(0) && !a[0].is_none()) return a[0];
  python::CallArgs none;
  none.where = call.where;
  return interpret_params(ip, none);
}
}  // namespace

python::Value force_tpu_interpret_mode(python::Interpreter& ip, python::CallArgs& call) {
  auto r = std::make_shared<python::RecordObj>(&context_type());
  r->set("params", params_or_default(ip, call, "force_tpu_interpret_mode"));
  return python::Value::object(r);
}

python::Value set_tpu_interpret_mode(python::Interpreter& ip, python::CallArgs& call) {
  python::Value p = params_or_default(ip, call, "set_tpu_interpret_mode");
  run_mode(ip).tpu_mode = parse_interpret_params(p, ip, call.where);
  return python::Value::none();
}

void set_tpu_state_reset(void (*reset)(python::Interpreter& interp)) { g_tpu_state_reset = reset; }

python::Value reset_tpu_interpret_mode_state(python::Interpreter& ip, python::CallArgs& call) {
  python::Args a(call, "reset_tpu_interpret_mode_state", {});
  if (g_tpu_state_reset) g_tpu_state_reset(ip);
  return python::Value::none();
}

}  // namespace rungs::pallas
