// Prepared engine runs for the native benchmarks (see engine_bench.h).
#include "tests/bench/engine_bench.h"

#include <cmath>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>

#include "core/jax/array_value.h"
#include "core/result/engine.h"
#include "core/rungs/call_record.h"

namespace rungs::bench {

namespace {

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace

std::vector<RunSpec> load_specs(const std::string& bench_dir) {
  nlohmann::ordered_json j = nlohmann::ordered_json::parse(read_text(bench_dir + "/benchmarks.json"));
  std::vector<RunSpec> out;
  for (auto it = j.at("runs").begin(); it != j.at("runs").end(); ++it) {
    const auto& r = it.value();
    RunSpec s;
    s.name = it.key();
    s.file = r.at("file").get<std::string>();
    s.cell = r.at("cell").get<std::string>();
    s.rung = r.at("rung").get<std::string>();
    if (r.contains("params")) s.params_json = r.at("params").dump();
    s.reps = r.value("reps", 5);
    s.steps = r.value("steps", int64_t{0});
    s.reference = r.value("reference", std::string());
    s.target = r.value("target", 0.0);
    out.push_back(std::move(s));
  }
  return out;
}

const RunSpec& find_spec(const std::vector<RunSpec>& specs, const std::string& name) {
  for (const RunSpec& s : specs)
    if (s.name == name) return s;
  throw std::runtime_error("benchmarks.json has no run named " + name);
}

PreparedRun::PreparedRun(const RunSpec& spec, const std::string& bench_dir) : spec_(spec) {
  result::init_engine();
  options_.rung = result::parse_rung_option(spec.rung);
  options_.params = result::parse_params(spec.params_json);
  options_.filename = spec.file;
  // Benchmarks run many calls in one interpreter: no step budget, and room
  // for the inputs plus two results.
  options_.max_steps = std::numeric_limits<int64_t>::max() / 2;
  options_.max_memory = int64_t{4} << 30;
  python::Limits limits;
  limits.max_steps = options_.max_steps;
  interp_ = std::make_unique<python::Interpreter>(limits);
  result::configure(*interp_, options_);
  if (auto err = result::execute(*interp_, read_text(bench_dir + "/programs/" + spec.file), options_))
    throw std::runtime_error(spec.name + " setup failed: " + err->type + ": " + err->message);
}

double PreparedRun::run_once() {
  exec::call_log(*interp_).calls.clear();  // records would pile up across calls
  interp_->stdout_text().clear();
  double t0 = now_ns();
  auto err = result::execute(*interp_, spec_.cell, options_);
  double t1 = now_ns();
  if (err) throw std::runtime_error(spec_.name + " failed: " + err->type + ": " + err->message);
  return t1 - t0;
}

const array::Array& PreparedRun::global(const std::string& name) const {
  const auto& vars = interp_->globals()->vars;
  auto it = vars.find(name);
  if (it == vars.end() || !it->second.is(python::ObjKind::Array))
    throw std::runtime_error(spec_.name + ": no global array " + name);
  return it->second.as<jax::ArrayObj>().op.value;
}

double max_abs_diff(const array::Array& a, const float* b, int64_t n) {
  if (a.size() != n || a.dtype() != array::DType::Float32) return std::numeric_limits<double>::infinity();
  const float* p = a.data<float>();
  double worst = 0;
  for (int64_t i = 0; i < n; ++i) {
    double d = std::fabs(static_cast<double>(p[i]) - static_cast<double>(b[i]));
    if (!(d <= worst)) worst = d;  // NaN counts as worst
  }
  return worst;
}

}  // namespace rungs::bench
