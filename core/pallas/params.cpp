#include "core/pallas/params.h"

#include "core/python/interpreter.h"
#include "core/python/value_ops.h"
#include "core/pallas/records.h"

namespace rungs::pallas {

using python::ObjKind;
using python::RecordObj;

namespace {
std::string str_field(const RecordObj& r, const char* name, const std::string& fallback) {
  Value v = r.get(name);
  if (v.is(ObjKind::Str)) return v.as<python::StrObj>().s;
  return fallback;
}
bool bool_field(python::Interpreter& ip, const RecordObj& r, const char* name) { return ip.truthy(r.get(name)); }
std::optional<int64_t> int_field(const RecordObj& r, const char* name, SourceRange where) {
  Value v = r.get(name);
  if (v.is_none()) return std::nullopt;
  return python::to_index(v, where);
}
}  // namespace

InterpretParams parse_interpret_params(const Value& record, python::Interpreter& ip, SourceRange where) {
  InterpretParams p;
  const RecordObj& r = record.as<RecordObj>();
  p.dma_execution_mode = str_field(r, "dma_execution_mode", "on_wait");
  p.detect_races = bool_field(ip, r, "detect_races");
  p.out_of_bounds_reads = str_field(r, "out_of_bounds_reads", "raise");
  p.skip_floating_point_ops = bool_field(ip, r, "skip_floating_point_ops");
  p.uninitialized_memory = str_field(r, "uninitialized_memory", "nan");
  p.num_cores_or_threads = int_field(r, "num_cores_or_threads", where).value_or(1);
  p.vector_clock_size = int_field(r, "vector_clock_size", where);
  p.random_seed = int_field(r, "random_seed", where);
  p.grid_point_recorder = r.get("grid_point_recorder");
  p.allow_hbm_allocation_in_run_scoped = bool_field(ip, r, "allow_hbm_allocation_in_run_scoped");
  p.buffer_bounds = str_field(r, "buffer_bounds", "logical");
  Value logging = r.get("logging_mode");
  if (!logging.is_none()) p.logging_mode = ip.str(logging);
  return p;
}

CompilerParams parse_compiler_params(const Value& record, python::Interpreter& ip, SourceRange where) {
  CompilerParams p;
  if (record.is_none() || !is_record(record, compiler_params_type())) return p;
  const RecordObj& r = record.as<RecordObj>();
  Value sem = r.get("dimension_semantics");
  if (!sem.is_none()) {
    for (const Value& s : ip.iterate(sem)) {
      std::string name = ip.str(s);
      // pltpu.PARALLEL prints as "parallel"; accept both spellings.
      for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      if (name.rfind("griddimensionsemantics.", 0) == 0) name = name.substr(23);
      if (name != "parallel" && name != "arbitrary" && name != "core_parallel" && name != "subcore_parallel")
        raise(ErrorId::semantics_value, where, ip.repr(s));
      p.dimension_semantics.push_back(name);
    }
  }
  p.vmem_limit_bytes = int_field(r, "vmem_limit_bytes", where);
  p.collective_id = int_field(r, "collective_id", where);
  p.has_side_effects = bool_field(ip, r, "has_side_effects");
  p.allow_input_fusion = bool_field(ip, r, "allow_input_fusion");
  p.disable_bounds_checks = bool_field(ip, r, "disable_bounds_checks");
  return p;
}

CostEstimate parse_cost_estimate(const Value& record, python::Interpreter&, SourceRange where) {
  CostEstimate c;
  const RecordObj& r = record.as<RecordObj>();
  c.flops = int_field(r, "flops", where).value_or(0);
  c.transcendentals = int_field(r, "transcendentals", where).value_or(0);
  c.bytes_accessed = int_field(r, "bytes_accessed", where).value_or(0);
  c.remote_bytes_transferred = int_field(r, "remote_bytes_transferred", where).value_or(0);
  return c;
}

}  // namespace rungs::pallas
