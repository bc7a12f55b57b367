// time and timeit, on a simulated clock. Rungs' output must be the same on
// every run and on every host (native, wasm in a tab; STYLE habit 2), and a
// kernel's simulated run says nothing about real time anyway, so the clocks
// read a deterministic count instead of the machine: every interpreter step
// (interpreter.h's tick) is kNanosPerStep of simulated time, and
// time.sleep(s) adds s to the clock without blocking and without spending
// the step budget. So `t0 = perf_counter(); f(); dt = perf_counter() - t0`
// is positive and grows with the work done, and sleep-based back-off loops
// finish at once. time.time() is a fixed epoch plus the same elapsed time.
#include <algorithm>
#include <cmath>

#include "core/python/args.h"
#include "core/python/c_args.h"
#include "core/python/modules.h"
#include "core/python/value_ops.h"

namespace rungs::python {

namespace {

constexpr int64_t kNanosPerStep = 10;
constexpr int64_t kEpochNanos = 1'700'000'000'000'000'000;  // 2023-11-14T22:13:20Z: "now" for every run

struct ClockState : StageState {
  int64_t slept_ns = 0;  // simulated time added by sleep()
};

int64_t elapsed_ns(Interpreter& ip) {
  return ip.steps_used() * kNanosPerStep + ip.state<ClockState>().slept_ns;
}

// A clock function taking no arguments: "time.perf_counter() takes no arguments (1 given)".
void def_clock(ModuleObj& m, const std::string& name, bool ns, int64_t offset_ns) {
  std::string qualified = "time." + name;
  def(m, name, [qualified, ns, offset_ns](Interpreter& ip, CallArgs& call) {
    c_no_keywords(call, qualified);
    if (!call.positional.empty()) raise(ErrorId::time_no_arguments, call.where, qualified, call.positional.size());
    int64_t t = offset_ns + elapsed_ns(ip);
    return ns ? Value::integer(t) : Value::floating(static_cast<double>(t) / 1e9);
  });
}

Value sleep(Interpreter& ip, CallArgs& call) {
  c_exactly_one(call, "time.sleep");
  const Value& v = call.positional[0];
  double seconds = v.is_float() ? v.as_float() : static_cast<double>(to_index(v, call.where));
  if (std::isnan(seconds) || seconds < 0) raise(ErrorId::time_sleep_negative, call.where);
  // Capped so that sleeping forever, many times, never overflows the clock.
  int64_t& slept = ip.state<ClockState>().slept_ns;
  slept = std::min<int64_t>(slept + static_cast<int64_t>(std::min(seconds, 1e9) * 1e9), INT64_MAX / 4);
  return Value::none();
}

// timeit.timeit(stmt, setup='pass', timer=default_timer, number=1000000,
// globals=None): calls stmt `number` times. A source-string statement would
// need exec(), which the runtime does not have: only "pass" (the default) is
// accepted as a string, and any other string is refused by name.
double run_timeit(Interpreter& ip, const Args& a, const Value& timer, int64_t number) {
  auto is_pass = [](const Value& v) { return v.is(ObjKind::Str) && v.as<StrObj>().s == "pass"; };
  for (size_t i : {size_t{0}, size_t{1}}) {
    const Value& v = a.get_or(i, make_str("pass"));
    if (v.is(ObjKind::Str) && !is_pass(v)) raise(ErrorId::unsupported_feature, a.where(), "timeit with a source-string statement (pass a callable)");
    if (!v.is(ObjKind::Str) && !ip.truthy(ip.call(builtins_table().at("callable"), Values{v}))) raise(ErrorId::timeit_bad_stmt, a.where(), i == 0 ? "stmt" : "setup");
  }
  if (a.has(1) && !is_pass(a[1])) ip.call(a[1], Values{}, a.where());
  Value stmt = a.get_or(0, make_str("pass"));
  double t0 = ip.call(timer, Values{}, a.where()).as_float();
  for (int64_t i = 0; i < number; ++i) {
    ip.tick();
    if (!is_pass(stmt)) ip.call(stmt, Values{}, a.where());
  }
  return ip.call(timer, Values{}, a.where()).as_float() - t0;
}

Value make_time_module() {
  auto m = new_module("time");
  def_clock(*m, "perf_counter", false, 0);
  def_clock(*m, "perf_counter_ns", true, 0);
  def_clock(*m, "monotonic", false, 0);
  def_clock(*m, "monotonic_ns", true, 0);
  def_clock(*m, "process_time", false, 0);
  def_clock(*m, "time", false, kEpochNanos);
  def_clock(*m, "time_ns", true, kEpochNanos);
  def(*m, "sleep", sleep);
  return Value::object(m);
}

Value make_timeit_module(Interpreter& ip) {
  auto m = new_module("timeit");
  Value perf_counter = ip.getattr(ip.import_module("time", {}), "perf_counter", {});
  def_value(*m, "default_timer", perf_counter);
  def_signature(*m, "timeit", {"stmt", "setup", "timer", "number", "globals"}, 0,
                [perf_counter](Interpreter& ip, const Args& a) {
                  Value timer = a.has(2) ? a[2] : perf_counter;
                  return Value::floating(run_timeit(ip, a, timer, a.int_at(3, 1'000'000)));
                });
  def_signature(*m, "repeat", {"stmt", "setup", "timer", "repeat", "number", "globals"}, 0,
                [perf_counter](Interpreter& ip, const Args& a) {
                  Value timer = a.has(2) ? a[2] : perf_counter;
                  Values runs;
                  for (int64_t r = a.int_at(3, 5); r > 0; --r)
                    runs.push_back(Value::floating(run_timeit(ip, a, timer, a.int_at(4, 1'000'000))));
                  return make_list(std::move(runs));
                });
  return Value::object(m);
}

}  // namespace

void register_module_time() {
  Interpreter::register_module("time", [](Interpreter&) { return make_time_module(); });
  Interpreter::register_module("timeit", make_timeit_module);
}

}  // namespace rungs::python
