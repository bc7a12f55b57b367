#include "core/pallas/mode.h"

#include "core/eval/args.h"
#include "core/pallas/records.h"

namespace rungs::pallas {

using eval::ObjKind;

RunMode& run_mode(eval::Interpreter& interp) {
  auto* ext = dynamic_cast<RunMode*>(interp.extension("run_mode"));
  if (!ext) {
    interp.set_extension("run_mode", std::make_unique<RunMode>());
    ext = dynamic_cast<RunMode*>(interp.extension("run_mode"));
  }
  return *ext;
}

namespace {
void apply_overrides(InterpretParams& p, ChipSettings& chip, const RunMode& mode) {
  for (const auto& [k, v] : mode.overrides) {
    if (k == "detect_races") p.detect_races = v == "true" || v == "True" || v == "1";
    else if (k == "dma_execution_mode") p.dma_execution_mode = v;
    else if (k == "out_of_bounds_reads") p.out_of_bounds_reads = v;
    else if (k == "uninitialized_memory") p.uninitialized_memory = v;
    else if (k == "num_cores_or_threads") p.num_cores_or_threads = std::stoll(v);
    else if (k == "random_seed") p.random_seed = v == "None" || v.empty() ? std::nullopt : std::optional<int64_t>(std::stoll(v));
    else if (k == "skip_floating_point_ops") p.skip_floating_point_ops = v == "true" || v == "True";
    else if (k == "buffer_bounds") p.buffer_bounds = v;
    else if (k == "generation") chip.generation = v;
    else if (k == "chip_order_seed") chip.order_seed = std::stoll(v);
  }
}
}  // namespace

void choose_rung(PallasCall& call, const eval::Value& interpret, eval::Interpreter& interp, SourceRange where) {
  RunMode& mode = run_mode(interp);
  call.chip = mode.chip;
  InterpretParams params;
  bool has_params = false;
  if (is_record(interpret, interpret_params_type())) {
    params = parse_interpret_params(interpret, interp, where);
    has_params = true;
    call.rung = Rung::Tpu;
  } else if (interpret.is(ObjKind::Record) && interpret.as<eval::RecordObj>().type->name == "InterpretGPUParams") {
    raise(ErrorId::gpu_interpret_unsupported, where);
  } else {
    call.rung = interp.truthy(interpret) ? Rung::Interpret : Rung::Chip;
  }
  if (mode.tpu_mode) {  // JAX: effective = config value or interpret
    params = *mode.tpu_mode;
    has_params = true;
    call.rung = Rung::Tpu;
  }
  if (mode.forced_rung == "interpret") call.rung = Rung::Interpret;
  else if (mode.forced_rung == "tpu") call.rung = Rung::Tpu;
  else if (mode.forced_rung == "chip") call.rung = Rung::Chip;
  (void)has_params;
  apply_overrides(params, call.chip, mode);
  call.interpret = params;
}

namespace {
const eval::RecordType& context_type() {
  static const eval::RecordType t = [] {
    eval::RecordType r;
    r.name = "force_tpu_interpret_mode";
    r.methods["__enter__"] = [](eval::Interpreter& ip, const eval::Value& self, eval::CallArgs& call) {
      RunMode& mode = run_mode(ip);
      auto* rec = &self.as<eval::RecordObj>();
      rec->set("__previous__", mode.tpu_mode ? eval::Value::boolean(true) : eval::Value::none());
      mode.tpu_mode = parse_interpret_params(rec->get("params"), ip, call.where);
      return eval::Value::none();
    };
    r.methods["__exit__"] = [](eval::Interpreter& ip, const eval::Value&, eval::CallArgs&) {
      run_mode(ip).tpu_mode.reset();
      return eval::Value::boolean(false);
    };
    return r;
  }();
  return t;
}

eval::Value params_or_default(eval::Interpreter& ip, eval::CallArgs& call, const char* fn) {
  eval::Args a(call, fn, {"params"});
  if (a.has(0) && !a[0].is_none()) return a[0];
  eval::CallArgs none;
  none.where = call.where;
  return interpret_params(ip, none);
}
}  // namespace

eval::Value force_tpu_interpret_mode(eval::Interpreter& ip, eval::CallArgs& call) {
  auto r = std::make_shared<eval::RecordObj>(&context_type());
  r->set("params", params_or_default(ip, call, "force_tpu_interpret_mode"));
  return eval::Value::object(r);
}

eval::Value set_tpu_interpret_mode(eval::Interpreter& ip, eval::CallArgs& call) {
  eval::Value p = params_or_default(ip, call, "set_tpu_interpret_mode");
  run_mode(ip).tpu_mode = parse_interpret_params(p, ip, call.where);
  return eval::Value::none();
}

eval::Value reset_tpu_interpret_mode_state(eval::Interpreter& ip, eval::CallArgs& call) {
  eval::Args a(call, "reset_tpu_interpret_mode_state", {});
  // The simulated TPU memory lives in the "tpu_state" extension (core/rungs).
  ip.set_extension("tpu_state", nullptr);
  return eval::Value::none();
}

}  // namespace rungs::pallas
