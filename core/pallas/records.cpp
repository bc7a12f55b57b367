#include "core/pallas/records.h"

#include "core/python/args.h"
#include "core/python/interpreter.h"
#include "core/jax/jnp_ops.h"
#include "core/python/value_ops.h"

namespace rungs::pallas {

using python::Args;
using python::make_str;

using python::ObjKind;



namespace {

RecordType simple_type(const std::string& name) {
  RecordType t;
  t.name = name;
  return t;
}

std::shared_ptr<RecordObj> make(const RecordType& type) { return std::make_shared<RecordObj>(&type); }

// A record's fields written as keyword arguments, for reprs.
std::string fields_repr(const RecordObj& r, Interpreter& ip) {
  std::string out = r.type->name + "(";
  for (size_t i = 0; i < r.fields.size(); ++i) {
    if (i) out += ", ";
    out += r.fields[i].first + "=" + ip.repr(r.fields[i].second);
  }
  return out + ")";
}

// A record whose repr is its fields as keyword arguments, as a dataclass's.
RecordType keyword_record(const std::string& name) {
  RecordType r = simple_type(name);
  r.repr = fields_repr;
  return r;
}

Value shape_tuple(Interpreter& ip, const Value& v, SourceRange where) {
  if (python::is_int_like(v)) return make_tuple({Value::integer(v.as_int())});
  Values dims;
  for (const Value& d : ip.iterate(v)) dims.push_back(Value::integer(python::to_index(d, where)));
  return make_tuple(dims);
}

}  // namespace

bool is_record(const Value& v, const RecordType& type) {
  return v.is(ObjKind::Record) && v.as<RecordObj>().type == &type;
}

const RecordType& block_spec_type() {
  static const RecordType t = keyword_record("BlockSpec");
  return t;
}

const RecordType& no_block_spec_type() {
  static const RecordType t = [] {
    RecordType r = simple_type("NoBlockSpec");
    r.repr = [](const RecordObj&, Interpreter&) { return std::string("NoBlockSpec"); };
    return r;
  }();
  return t;
}

Value no_block_spec() {
  static const Value v = Value::object(make(no_block_spec_type()));
  return v;
}

const RecordType& block_dim_type() {
  static const RecordType t = [] {
    RecordType r = simple_type("BlockDim");
    r.repr = [](const RecordObj& rec, Interpreter& ip) {
      std::string kind = rec.get("kind").as<python::StrObj>().s;
      if (kind == "Squeezed") return std::string("Squeezed()");
      std::string s = kind + "(block_size=" + ip.repr(rec.get("block_size"));
      if (kind == "Element") s += ", padding=" + ip.repr(rec.get("padding"));
      return s + ")";
    };
    return r;
  }();
  return t;
}

const RecordType& memory_space_type() {
  static const RecordType t = [] {
    RecordType r = simple_type("MemorySpace");
    r.repr = [](const RecordObj& rec, Interpreter&) {
      return "<MemorySpace." + rec.get("enum").as<python::StrObj>().s + ": '" +
             rec.get("name").as<python::StrObj>().s + "'>";
    };
    // Calling a memory space makes a scratch / output type.
    r.call = [](Interpreter& ip, const Value& self, CallArgs& call) {
      Args a(call, self.as<RecordObj>().get("enum").as<python::StrObj>().s, {"shape", "dtype"}, 2);
      auto dt = jax::dtype_of_value(a[1]);
      if (!dt) raise(ErrorId::dtype_unknown, call.where, a[1].is(python::ObjKind::Str) ? a[1].as<python::StrObj>().s : ip.repr(a[1]));
      auto ref = make(memory_ref_type());
      ref->set("shape", shape_tuple(ip, a[0], call.where));
      ref->set("dtype", jax::dtype_value(*dt));
      ref->set("memory_space", self);
      return Value::object(ref);
    };
    r.methods["like"] = [](Interpreter& ip, const Value& self, CallArgs& call) {
      Args a(call, "like", {"x"}, 1);
      Value shape = ip.getattr(a[0], "shape", call.where);
      Value dtype = ip.getattr(a[0], "dtype", call.where);
      CallArgs inner;
      inner.positional = {shape, dtype};
      inner.where = call.where;
      return self.as<RecordObj>().type->call(ip, self, inner);
    };
    r.equals = [](const RecordObj& a, const RecordObj& b) {
      return a.get("name").as<python::StrObj>().s == b.get("name").as<python::StrObj>().s &&
             a.get("backend").as<python::StrObj>().s == b.get("backend").as<python::StrObj>().s;
    };
    return r;
  }();
  return t;
}

Value memory_space(const std::string& name, const std::string& backend, const std::string& enum_name) {
  auto r = make(memory_space_type());
  r->set("name", make_str(name));
  r->set("backend", make_str(backend));
  r->set("enum", make_str(enum_name));
  return Value::object(r);
}

const RecordType& memory_ref_type() {
  static const RecordType t = [] {
    RecordType r = simple_type("MemoryRef");
    r.repr = [](const RecordObj& rec, Interpreter& ip) {
      if (!rec.get("semaphore").is_none())
        return "SemaphoreType." + rec.get("semaphore").as<python::StrObj>().s + "(" + ip.repr(rec.get("shape")) + ")";
      return "MemoryRef(shape=" + ip.repr(rec.get("shape")) + ", dtype=" + ip.str(rec.get("dtype")) +
             ", memory_space=" + ip.str(rec.get("memory_space").as<RecordObj>().get("name")) + ")";
    };
    return r;
  }();
  return t;
}

const RecordType& semaphore_type_type() {
  static const RecordType t = [] {
    RecordType r = simple_type("SemaphoreType");
    r.repr = [](const RecordObj& rec, Interpreter&) {
      std::string k = rec.get("kind").as<python::StrObj>().s;
      for (char& c : k) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      return "<SemaphoreType." + k + ">";
    };
    r.call = [](Interpreter& ip, const Value& self, CallArgs& call) {
      Args a(call, "SemaphoreType", {"shape"}, 1);
      auto ref = make(memory_ref_type());
      ref->set("shape", shape_tuple(ip, a[0], call.where));
      ref->set("dtype", Value::none());
      ref->set("memory_space", memory_space("semaphore_mem", "tpu", "SEMAPHORE"));
      ref->set("semaphore", self.as<RecordObj>().get("kind"));
      return Value::object(ref);
    };
    return r;
  }();
  return t;
}

Value semaphore_kind(const std::string& kind) {
  auto r = make(semaphore_type_type());
  r->set("kind", make_str(kind));
  return Value::object(r);
}

const RecordType& grid_spec_type() {
  static const RecordType t = keyword_record("GridSpec");
  return t;
}

const RecordType& buffered_type() {
  static const RecordType t = keyword_record("Buffered");
  return t;
}

const RecordType& cost_estimate_type() {
  static const RecordType t = keyword_record("CostEstimate");
  return t;
}

const RecordType& compiler_params_type() {
  static const RecordType t = keyword_record("CompilerParams");
  return t;
}

const RecordType& interpret_params_type() {
  static const RecordType t = keyword_record("InterpretParams");
  return t;
}

const RecordType& dimension_semantics_type() {
  static const RecordType t = [] {
    RecordType r = simple_type("GridDimensionSemantics");
    r.repr = [](const RecordObj& rec, Interpreter&) { return rec.get("name").as<python::StrObj>().s; };
    r.equals = [](const RecordObj& a, const RecordObj& b) {
      return a.get("name").as<python::StrObj>().s == b.get("name").as<python::StrObj>().s;
    };
    return r;
  }();
  return t;
}

Value dimension_semantics(const std::string& name) {
  auto r = make(dimension_semantics_type());
  r->set("name", make_str(name));
  return Value::object(r);
}

Value block_spec(Interpreter& ip, CallArgs& call) {
  Args a(call, "BlockSpec", {"block_shape", "index_map", "*", "memory_space", "pipeline_mode"});
  const Value& shape = a[0];
  if (shape.is(ObjKind::Function) || (shape.is(ObjKind::Builtin) && shape.as<python::BuiltinObj>().type_tag.empty()))
    raise(ErrorId::block_spec_swapped, call.where);
  auto r = make(block_spec_type());
  Value bs = shape;
  if (shape.is(ObjKind::List)) bs = make_tuple(shape.as<python::ListObj>().items);
  else if (python::is_int_like(shape) && !shape.is_bool()) bs = make_tuple({shape});
  r->set("block_shape", bs);
  r->set("index_map", a[1]);
  r->set("memory_space", a[2]);
  r->set("pipeline_mode", a[3]);
  (void)ip;
  return Value::object(r);
}

Value block_dim(const std::string& kind, Interpreter& ip, CallArgs& call) {
  auto r = make(block_dim_type());
  r->set("kind", make_str(kind));
  if (kind == "Squeezed") {
    Args a(call, "Squeezed", {});
    return Value::object(r);
  }
  Args a(call, kind, {"block_size", "padding"}, 1);
  r->set("block_size", Value::integer(a.int_at(0, 1)));
  Value padding = make_tuple({Value::integer(0), Value::integer(0)});
  if (a.has(1) && !a[1].is_none()) {
    Values p = ip.iterate(a[1]);
    if (p.size() != 2) raise(ErrorId::too_many_values, call.where, 2);
    padding = make_tuple({Value::integer(python::to_index(p[0], call.where)), Value::integer(python::to_index(p[1], call.where))});
  }
  r->set("padding", padding);
  return Value::object(r);
}

Value grid_spec(Interpreter& ip, CallArgs& call, bool prefetch) {
  std::vector<std::string> names = {"grid", "in_specs", "out_specs", "scratch_shapes"};
  if (prefetch) names.insert(names.begin(), "num_scalar_prefetch");
  Args a(call, prefetch ? "PrefetchScalarGridSpec" : "GridSpec", names, prefetch ? 1 : 0);
  size_t off = prefetch ? 1 : 0;
  auto r = make(grid_spec_type());
  r->set("num_scalar_prefetch", Value::integer(prefetch ? a.int_at(0, 0) : 0));
  r->set("grid", a.get_or(off, make_tuple({})));
  r->set("in_specs", a.get_or(off + 1, no_block_spec()));
  r->set("out_specs", a.get_or(off + 2, no_block_spec()));
  r->set("scratch_shapes", a.get_or(off + 3, make_tuple({})));
  const Value& in_specs = r->get("in_specs");
  if (!is_record(in_specs, no_block_spec_type()) && !in_specs.is(python::ObjKind::Tuple) &&
      !in_specs.is(python::ObjKind::List))
    raise(ErrorId::in_specs_not_sequence, call.where, ip.repr(in_specs));
  return Value::object(r);
}

Value buffered(Interpreter&, CallArgs& call) {
  // revisit (pl.RevisitMode) and prefetched_count (slots filled before the
  // pipeline starts) schedule copies; every copy here completes in its step,
  // so they are kept for their readers and change no value.
  Args a(call, "Buffered", {"buffer_count", "use_lookahead", "revisit", "prefetched_count"}, 1);
  auto r = make(buffered_type());
  r->set("buffer_count", Value::integer(a.int_at(0, 2)));
  r->set("use_lookahead", Value::boolean(a.bool_at(1, false)));
  r->set("revisit", a.get_or(2, Value::none()));
  r->set("prefetched_count", Value::integer(a.int_at(3, 0)));
  return Value::object(r);
}

Value cost_estimate(Interpreter& ip, CallArgs& call) {
  Args a(call, "CostEstimate", {"flops", "transcendentals", "bytes_accessed", "remote_bytes_transferred"}, 3);
  const char* names[] = {"flops", "transcendentals", "bytes_accessed", "remote_bytes_transferred"};
  auto r = make(cost_estimate_type());
  for (size_t i = 0; i < 4; ++i) {
    Value v = a.get_or(i, Value::integer(0));
    if (!v.is_int()) raise(ErrorId::cost_estimate_int, call.where, names[i], "<class '" + python::type_name(v) + "'>", ip.repr(v));
    r->set(names[i], v);
  }
  return Value::object(r);
}

const std::vector<std::string>& compiler_params_signature() {
  static const std::vector<std::string> names = {
      "*", "dimension_semantics", "allow_input_fusion", "vmem_limit_bytes", "collective_id", "has_side_effects",
      "flags", "internal_scratch_in_bytes", "serialization_format", "disable_bounds_checks",
      "disable_semaphore_checks", "skip_device_barrier", "allow_collective_id_without_custom_barrier",
      "shape_invariant_numerics", "use_tc_tiling_on_sc", "needs_layout_passes", "fuse_transposed_lhs_in_matmul",
      "opt_level", "kernel_type"};
  return names;
}

const std::vector<std::string>& interpret_params_signature() {
  static const std::vector<std::string> names = {
      "*", "dma_execution_mode", "detect_races", "out_of_bounds_reads", "skip_floating_point_ops",
      "uninitialized_memory", "num_cores_or_threads", "vector_clock_size", "logging_mode", "random_seed",
      "grid_point_recorder", "allow_hbm_allocation_in_run_scoped", "buffer_bounds", "num_cores_per_device"};
  return names;
}

Value compiler_params(Interpreter&, CallArgs& call) {
  Args a(call, "CompilerParams", compiler_params_signature());
  auto r = make(compiler_params_type());
  const char* names[] = {"dimension_semantics", "allow_input_fusion", "vmem_limit_bytes", "collective_id",
                         "has_side_effects", "flags", "internal_scratch_in_bytes", "serialization_format",
                         "disable_bounds_checks"};
  for (size_t i = 0; i < 9; ++i) r->set(names[i], a[i]);
  if (!a.has(4)) r->set("has_side_effects", Value::boolean(false));
  return Value::object(r);
}

Value interpret_params(Interpreter&, CallArgs& call) {
  Args a(call, "InterpretParams", interpret_params_signature());
  auto r = make(interpret_params_type());
  r->set("dma_execution_mode", a.get_or(0, make_str("on_wait")));
  r->set("detect_races", a.get_or(1, Value::boolean(false)));
  r->set("out_of_bounds_reads", a.get_or(2, make_str("raise")));
  r->set("skip_floating_point_ops", a.get_or(3, Value::boolean(false)));
  r->set("uninitialized_memory", a.get_or(4, make_str("nan")));
  int64_t cores = a.has(12) ? a.int_at(12, 1) : a.int_at(5, 1);
  if (cores < 1) raise(ErrorId::cores_at_least_one, call.where, cores);
  r->set("num_cores_or_threads", Value::integer(cores));
  if (a.has(6) && !a[6].is_none()) {
    int64_t vc = a.int_at(6, 1);
    if (vc < 1) raise(ErrorId::vector_clock_at_least_one, call.where, vc);
  }
  r->set("vector_clock_size", a[6]);
  r->set("logging_mode", a[7]);
  r->set("random_seed", a[8]);
  r->set("grid_point_recorder", a[9]);
  r->set("allow_hbm_allocation_in_run_scoped", a.get_or(10, Value::boolean(false)));
  r->set("buffer_bounds", a.get_or(11, make_str("logical")));
  std::string mode = a.str_at(0, "on_wait");
  if (mode != "on_wait" && mode != "eager") raise(ErrorId::dma_mode_value, call.where, "'" + mode + "'");
  return Value::object(r);
}

std::optional<ir::MemorySpace> memory_space_of(const Value& v) {
  if (v.is_none()) return std::nullopt;
  if (!is_record(v, memory_space_type())) return std::nullopt;
  const auto& r = v.as<RecordObj>();
  const std::string name = r.get("name").as<python::StrObj>().s;
  const std::string backend = r.get("backend").as<python::StrObj>().s;
  using M = ir::MemorySpace;
  if (backend == "gpu") {
    if (name == "gmem") return M::GpuGmem;
    if (name == "smem") return M::GpuSmem;
    if (name == "tmem") return M::GpuTmem;
    return M::GpuRegs;
  }
  if (name == "any") return M::Any;
  if (name == "default") return M::Default;
  if (name == "host") return M::Host;
  if (name == "vmem") return M::TpuVmem;
  if (name == "vmem_shared") return M::TpuVmemShared;
  if (name == "smem") return M::TpuSmem;
  if (name == "cmem") return M::TpuCmem;
  if (name == "semaphore_mem") return M::TpuSemaphore;
  if (name == "hbm") return M::TpuHbm;
  return M::Default;
}

ir::AVal memory_ref_aval(Interpreter& ip, const Value& v, SourceRange where) {
  ir::AVal aval;
  aval.kind = ir::AVal::Kind::Ref;
  if (is_record(v, semaphore_type_type())) {
    std::string k = v.as<RecordObj>().get("kind").as<python::StrObj>().s;
    aval.dtype = array::DType::Int32;
    aval.space = ir::MemorySpace::TpuSemaphore;
    aval.semaphore = k == "dma" ? ir::SemaphoreKind::Dma : k == "barrier" ? ir::SemaphoreKind::Barrier
                                                                           : ir::SemaphoreKind::Regular;
    return aval;
  }
  if (!is_record(v, memory_ref_type())) raise(ErrorId::memory_ref_type, where, ip.repr(v));
  const auto& r = v.as<RecordObj>();
  for (const Value& d : r.get("shape").as<python::TupleObj>().items) aval.shape.push_back(d.as_int());
  aval.space = memory_space_of(r.get("memory_space")).value_or(ir::MemorySpace::Default);
  if (!r.get("semaphore").is_none()) {
    std::string k = r.get("semaphore").as<python::StrObj>().s;
    aval.dtype = array::DType::Int32;
    aval.semaphore = k == "dma" ? ir::SemaphoreKind::Dma : k == "barrier" ? ir::SemaphoreKind::Barrier
                                                                           : ir::SemaphoreKind::Regular;
  } else {
    aval.dtype = *jax::dtype_of_value(r.get("dtype"));
  }
  return aval;
}

}  // namespace rungs::pallas
