// pl.pallas_call: argument handling, validation with JAX's messages, and
// assembly of the normalised PallasCall that a rung executes.
#include "core/pallas/pallas_call.h"

#include "core/ir/batching.h"
#include "core/pallas/device_mesh.h"

#include "core/python/args.h"
#include "core/jax/array_value.h"
#include "core/jax/jnp_ops.h"
#include "core/jax/modules.h"
#include "core/python/modules.h"
#include "core/python/value_ops.h"
#include "core/pallas/kernel_trace.h"
#include "core/pallas/mode.h"
#include "core/pallas/pallas_call_batching.h"
#include "core/pallas/records.h"

namespace rungs::pallas {

using python::Args;
using python::ObjKind;
using python::RecordObj;

namespace {
Executor& executor_slot() {
  static Executor e;
  return e;
}

bool is_spec_leaf(const Value& v) {
  // None is an empty subtree, as JAX's tree_flatten makes it (flash attention passes
  // `None` specs for absent inputs that are themselves None).
  return is_record(v, block_spec_type()) || is_record(v, no_block_spec_type());
}

bool is_shape_leaf(const Value& v) {
  return jax::is_shape_dtype_struct(v) || v.is(ObjKind::Array) || is_record(v, memory_ref_type()) ||
         is_record(v, semaphore_type_type());
}

std::string tuple_text(const Shape& s) { return array::shape_str(s); }

// The grid as (size, dynamic, name) per dimension.
std::vector<GridDim> parse_grid(python::Interpreter& ip, const Value& grid, SourceRange where) {
  std::vector<GridDim> dims;
  if (grid.is_none()) return dims;
  if (python::is_int_like(grid) && !grid.is_bool()) return {GridDim{grid.as_int(), false, ""}};
  if (!grid.is(ObjKind::Tuple) && !grid.is(ObjKind::List)) raise(ErrorId::grid_bad_type, where, ip.repr(grid));
  for (const Value& d : ip.iterate(grid)) {
    GridDim g;
    if (python::is_int_like(d) && !d.is_bool()) {
      g.size = d.as_int();
    } else if (d.is(ObjKind::Array) && d.as<jax::ArrayObj>().aval().shape.empty() &&
               array::is_integer(d.as<jax::ArrayObj>().aval().dtype) && !d.as<jax::ArrayObj>().traced()) {
      g.size = d.as<jax::ArrayObj>().op.value.get_int(0);
      g.dynamic = true;
    } else if (d.is(ObjKind::Array) && d.as<jax::ArrayObj>().op.batch && !d.as<jax::ArrayObj>().op.trace &&
               d.as<jax::ArrayObj>().aval().shape.empty() && array::is_integer(d.as<jax::ArrayObj>().aval().dtype)) {
      // JAX's batching rule runs one call per example of a batched grid
      // bound (pallas_call_batching.cpp), so each example's size is concrete.
      const ir::Operand& op = d.as<jax::ArrayObj>().op;
      ir::Operand first = ir::example(op, op.batch->frame, 0);
      while (first.batch && !first.trace) first = ir::example(first, first.batch->frame, 0);
      if (first.traced()) raise(ErrorId::grid_bad_type, where, ip.repr(grid));
      g.size = first.value.get_int(0);
      g.dynamic = true;
      g.batched_bound = std::make_shared<const ir::Operand>(op);
    } else if (d.is(ObjKind::Tuple) && d.as<python::TupleObj>().items.size() == 2 &&
               d.as<python::TupleObj>().items[0].is(ObjKind::Str)) {
      const Values& pair = d.as<python::TupleObj>().items;
      g.name = pair[0].as<python::StrObj>().s;
      if (!python::is_int_like(pair[1])) raise(ErrorId::kernel_grid_dynamic_name, where, ip.repr(pair[1]));
      g.size = pair[1].as_int();
    } else {
      raise(ErrorId::grid_bad_type, where, ip.repr(grid));
    }
    dims.push_back(g);
  }
  return dims;
}

ir::AVal leaf_aval(python::Interpreter& ip, const Value& v, SourceRange where, bool for_output) {
  // A NumPy float64/int64 input enters as JAX converts it (x64 off).
  if (v.is(ObjKind::Array))
    return ir::AVal::array(array::canonicalize_x64(v.as<jax::ArrayObj>().aval().dtype), v.as<jax::ArrayObj>().aval().shape);
  if (jax::is_shape_dtype_struct(v)) {
    const auto& r = v.as<RecordObj>();
    Shape s;
    for (const Value& d : r.get("shape").as<python::TupleObj>().items) s.push_back(d.as_int());
    return ir::AVal::array(*jax::dtype_of_value(r.get("dtype")), s);
  }
  if (for_output && (is_record(v, memory_ref_type()) || is_record(v, semaphore_type_type()))) {
    ir::AVal a = memory_ref_aval(ip, v, where);
    a.kind = ir::AVal::Kind::Array;
    return a;
  }
  if (for_output) {
    // Anything else with a shape and a dtype (jax.typeof(x)'s ShapedArray,
    // ...) is an output type, as JAX's _convert_out_shape_to_aval takes it.
    Value shape, dtype;
    try {
      shape = ip.getattr(v, "shape", where);
      dtype = ip.getattr(v, "dtype", where);
    } catch (EngineError&) {
      raise(ErrorId::invalid_out_shape, where, "<class '" + python::type_name(v) + "'>");
    }
    auto dt = jax::dtype_of_value(dtype);
    if (!dt) raise(ErrorId::invalid_out_shape, where, "<class '" + python::type_name(v) + "'>");
    Shape s;
    for (const Value& d : ip.iterate(shape)) s.push_back(python::to_index(d, where));
    return ir::AVal::array(*dt, s);
  }
  ir::Operand op = jax::to_operand(ip, v, where);
  return ir::AVal::array(op.aval.dtype, op.aval.shape);
}

// Canonical block dims of a BlockSpec's block_shape for an array shape.
BlockMapping make_mapping(python::Interpreter& ip, const Value& spec, const ir::AVal& aval, const std::string& origin,
                          SourceRange where) {
  BlockMapping m;
  m.origin = origin;
  m.array = aval;
  Value block_shape = is_record(spec, block_spec_type()) ? spec.as<RecordObj>().get("block_shape") : Value::none();
  if (is_record(spec, block_spec_type())) {
    const auto& r = spec.as<RecordObj>();
    m.has_index_map = !r.get("index_map").is_none();
    if (auto space = memory_space_of(r.get("memory_space"))) m.space = *space;
    Value pm = r.get("pipeline_mode");
    if (is_record(pm, buffered_type())) {
      m.buffer_count = static_cast<int>(pm.as<RecordObj>().get("buffer_count").as_int());
      Value revisit = pm.as<RecordObj>().get("revisit");
      m.revisit_any = !revisit.is_none() && ip.str(ip.getattr(revisit, "value", where)) == "any";
    }
  }
  if (block_shape.is_none()) {
    for (int64_t d : aval.shape) m.dims.push_back(BlockDim{BlockDimKind::Blocked, d, 0, 0});
  } else {
    m.has_block_shape = true;
    Values entries = ip.iterate(block_shape);
    if (entries.size() != aval.shape.size())
      raise(ErrorId::block_shape_rank, where, origin, ip.repr(block_shape), tuple_text(aval.shape));
    for (const Value& e : entries) {
      BlockDim d;
      if (e.is_none()) {
        d.kind = BlockDimKind::Squeezed;
      } else if (python::is_int_like(e) && !e.is_bool()) {
        d.size = e.as_int();
      } else if (is_record(e, block_dim_type())) {
        const auto& r = e.as<RecordObj>();
        std::string kind = r.get("kind").as<python::StrObj>().s;
        if (kind == "Squeezed") {
          d.kind = BlockDimKind::Squeezed;
        } else {
          d.size = r.get("block_size").as_int();
          d.kind = kind == "Element" ? BlockDimKind::Element : kind == "BoundedSlice" ? BlockDimKind::BoundedSlice
                   : kind == "Indirect" ? BlockDimKind::Indirect : BlockDimKind::Blocked;
          if (d.kind == BlockDimKind::Element) {
            const Values& p = r.get("padding").as<python::TupleObj>().items;
            d.pad_lo = p[0].as_int();
            d.pad_hi = p[1].as_int();
          }
        }
      } else {
        raise(ErrorId::block_dim_unsupported, where, "<class '" + python::type_name(e) + "'>");
      }
      m.dims.push_back(d);
    }
  }
  for (const BlockDim& d : m.dims) {
    m.block_shape.push_back(d.kind == BlockDimKind::Squeezed ? 1 : d.size);
    if (d.kind != BlockDimKind::Squeezed) m.ref_shape.push_back(d.size);
  }
  return m;
}

std::string path_origin(const std::string& base, const std::string& path) { return base + path; }

}  // namespace

void set_executor(Executor e) { executor_slot() = std::move(e); }
const Executor& executor() { return executor_slot(); }

namespace {
DeviceExecutor& device_executor_slot() {
  static DeviceExecutor e;
  return e;
}
}  // namespace

void set_device_executor(DeviceExecutor e) { device_executor_slot() = std::move(e); }
const DeviceExecutor& device_executor() { return device_executor_slot(); }

const std::vector<RungInfo>& rung_table() {
  static const std::vector<RungInfo> table = {
      {Rung::Interpret, "interpret", "interpret=True", "interpret=True",
       "JAX's generic interpreter: a sequential loop over the grid"},
      {Rung::Tpu, "tpu", "TPU interpret mode", "interpret=pltpu.InterpretParams(...)",
       "TPU interpret mode: memory spaces, DMAs, semaphores, bounds checks, races"},
      {Rung::Chip, "chip", "chip model", "no interpret argument",
       "a model of the chip, not the chip: the compile checks we know Mosaic makes, then chip semantics"},
  };
  return table;
}

const char* rung_name(Rung rung) { return rung_table()[static_cast<size_t>(rung)].name; }

std::optional<Rung> parse_rung(std::string_view name) {
  for (const RungInfo& r : rung_table())
    if (name == r.name) return r.rung;
  return std::nullopt;
}

bool BlockMapping::trivial_window() const {
  if (block_shape != array.shape || !index_map) return false;
  for (const ir::Atom& a : index_map->outvars)
    if (!a.is_literal() || a.literal.get_int(0) != 0) return false;
  return true;
}

std::vector<int64_t> PallasCall::grid_sizes() const {
  std::vector<int64_t> s;
  for (const GridDim& g : grid) s.push_back(g.size);
  return s;
}

int64_t PallasCall::num_iterations() const {
  int64_t n = 1;
  for (const GridDim& g : grid) n *= g.size;
  return n;
}

// The callable pallas_call returns: does all the work when given operands.
static Value invoke(python::Interpreter& ip, const python::RecordObj& cfg, python::CallArgs& call) {
  SourceRange where = call.where;
  Value kernel = cfg.get("kernel");
  Value grid_value = cfg.get("grid"), in_specs = cfg.get("in_specs"), out_specs = cfg.get("out_specs");
  Value scratch_value = cfg.get("scratch_shapes");
  int64_t num_prefetch = 0;
  if (Value gs = cfg.get("grid_spec"); !gs.is_none()) {
    const auto& g = gs.as<RecordObj>();
    grid_value = g.get("grid");
    in_specs = g.get("in_specs");
    out_specs = g.get("out_specs");
    scratch_value = g.get("scratch_shapes");
    num_prefetch = g.get("num_scalar_prefetch").as_int();
  }

  PallasCall pc;
  pc.where = where;
  pc.grid = parse_grid(ip, grid_value, where);
  std::string name = cfg.get("name").is_none() ? function_name(kernel) : ip.str(cfg.get("name"));
  pc.kernel_name = name;
  std::string src = function_source(kernel, ip);
  pc.fn_src = name + src.substr(src.find(" at "));
  pc.param_names = function_param_names(kernel);
  pc.debug = ip.truthy(cfg.get("debug"));
  pc.from_core_map = ip.truthy(cfg.get("from_core_map"));  // set by pl.kernel (mesh_kernel.cpp)

  // ---- operands: scalar prefetch first, then the inputs pytree ----
  Values positional = call.positional;
  if (num_prefetch > static_cast<int64_t>(positional.size())) num_prefetch = static_cast<int64_t>(positional.size());
  Values prefetch_args(positional.begin(), positional.begin() + num_prefetch);
  Values input_args(positional.begin() + num_prefetch, positional.end());
  Values prefetch_leaves, input_leaves;
  TreeDef prefetch_tree = flatten(python::make_tuple(prefetch_args), prefetch_leaves, nullptr, &ip);
  TreeDef input_tree = flatten(python::make_tuple(input_args), input_leaves, nullptr, &ip);
  std::vector<ir::Operand> operands;  // concrete, or batched by an enclosing vmap
  for (const Value& v : prefetch_leaves) {
    ir::AVal a = leaf_aval(ip, v, where, false);
    a.kind = ir::AVal::Kind::Ref;
    a.space = ir::MemorySpace::TpuSmem;
    pc.prefetch.push_back(a);
    operands.push_back(jax::to_operand(ip, v, where));
  }
  pc.num_scalar_prefetch = static_cast<int>(pc.prefetch.size());
  std::vector<ir::AVal> input_avals;
  for (const Value& v : input_leaves) {
    input_avals.push_back(leaf_aval(ip, v, where, false));
    operands.push_back(jax::to_operand(ip, v, where));
    // A semaphore another pallas_call returned (JAX's dma_sem/semaphore dtype).
    input_avals.back().semaphore = operands.back().aval.semaphore;
  }
  std::vector<std::string> input_paths = leaf_paths(input_tree);

  // ---- in_specs ----
  Values in_spec_leaves;
  if (is_record(in_specs, no_block_spec_type())) {
    in_spec_leaves.assign(input_leaves.size(), no_block_spec());
  } else {
    if (!in_specs.is(ObjKind::Tuple) && !in_specs.is(ObjKind::List))
      raise(ErrorId::in_specs_not_sequence, where, ip.repr(in_specs));
    Value specs = in_specs.is(ObjKind::List) ? python::make_tuple(in_specs.as<python::ListObj>().items) : in_specs;
    TreeDef spec_tree = flatten(specs, in_spec_leaves, is_spec_leaf, &ip);
    auto diffs = structure_mismatches(spec_tree, input_tree, "in_specs", "inputs", ip);
    if (!diffs.empty()) {
      std::string lines;
      for (size_t i = 0; i < diffs.size(); ++i) lines += (i ? "\n" : "") + diffs[i];
      raise(ErrorId::pytree_mismatch, where, "in_specs", "inputs", diffs.size(), lines);
    }
  }

  // ---- out_shape and out_specs ----
  Value out_shape = cfg.get("out_shape");
  bool single_output = is_shape_leaf(out_shape);
  if (out_shape.is(ObjKind::List)) out_shape = python::make_tuple(out_shape.as<python::ListObj>().items);
  Values out_leaves;
  TreeDef out_tree = flatten(single_output ? python::make_tuple({out_shape}) : out_shape, out_leaves, is_shape_leaf, &ip);
  std::vector<ir::AVal> out_avals;
  for (const Value& v : out_leaves) out_avals.push_back(leaf_aval(ip, v, where, true));
  Values out_spec_leaves;
  if (is_record(out_specs, no_block_spec_type())) {
    out_spec_leaves.assign(out_leaves.size(), no_block_spec());
  } else {
    Value specs = out_specs;
    if (specs.is(ObjKind::List)) specs = python::make_tuple(specs.as<python::ListObj>().items);
    if (single_output && is_spec_leaf(specs)) specs = python::make_tuple({specs});
    TreeDef spec_tree = flatten(specs, out_spec_leaves, is_spec_leaf, &ip);
    auto diffs = structure_mismatches(spec_tree, out_tree, "out_specs", "out_shape", ip);
    if (!diffs.empty()) {
      std::string lines;
      for (size_t i = 0; i < diffs.size(); ++i) lines += (i ? "\n" : "") + diffs[i];
      raise(ErrorId::pytree_mismatch, where, "out_specs", "out_shape", diffs.size(), lines);
    }
  }
  std::vector<std::string> out_paths = leaf_paths(out_tree);

  // ---- block mappings and their index maps ----
  for (size_t i = 0; i < input_avals.size(); ++i) {
    BlockMapping m = make_mapping(ip, in_spec_leaves[i], input_avals[i], path_origin("args", input_paths[i]), where);
    Value im = is_record(in_spec_leaves[i], block_spec_type()) ? in_spec_leaves[i].as<RecordObj>().get("index_map") : Value();
    if (im.is_none()) zero_index_map(m, pc.grid, pc.prefetch);
    else trace_index_map(m, im, pc.grid, pc.prefetch, prefetch_tree, ip, where);
    pc.inputs.push_back(std::move(m));
  }
  for (size_t i = 0; i < out_avals.size(); ++i) {
    BlockMapping m = make_mapping(ip, out_spec_leaves[i], out_avals[i], path_origin("outputs", out_paths[i]), where);
    Value im = is_record(out_spec_leaves[i], block_spec_type()) ? out_spec_leaves[i].as<RecordObj>().get("index_map") : Value();
    if (im.is_none()) zero_index_map(m, pc.grid, pc.prefetch);
    else trace_index_map(m, im, pc.grid, pc.prefetch, prefetch_tree, ip, where);
    pc.outputs.push_back(std::move(m));
  }

  // ---- scratch ----
  // Each entry is a pytree of types (None an empty one: paged attention's
  // absent quantization scales; BufferedRefs as emit_pipeline allocations).
  std::vector<TreeDef> scratch_trees;
  std::vector<std::string> scratch_keys;
  auto add_scratch = [&](const Value& types, const std::string& key) {
    Values leaves;
    scratch_trees.push_back(flatten(types, leaves, nullptr, &ip));
    if (!key.empty()) scratch_keys.push_back(key);
    for (const Value& leaf : leaves) {
      pc.scratch.push_back(memory_ref_aval(ip, leaf, where));
      if (!key.empty()) pc.scratch_names.push_back(key);
    }
  };
  if (scratch_value.is(ObjKind::Dict)) {
    for (const auto& [k, v] : scratch_value.as<python::DictObj>().entries) add_scratch(v, ip.str(k));
  } else if (!scratch_value.is_none()) {
    for (const Value& v : ip.iterate(scratch_value)) add_scratch(v, "");
  }

  // ---- input_output_aliases ----
  Value aliases = cfg.get("input_output_aliases");
  if (aliases.is(ObjKind::Dict)) {
    int n_in = static_cast<int>(operands.size()), n_out = static_cast<int>(out_avals.size());
    for (const auto& [k, v] : aliases.as<python::DictObj>().entries) {
      int i = static_cast<int>(python::to_index(k, where)), o = static_cast<int>(python::to_index(v, where));
      if (i < 0 || i >= n_in) raise(ErrorId::alias_input_range, where, i, o, i, n_in);
      if (o < 0 || o >= n_out) raise(ErrorId::alias_output_range, where, i, o, o, n_out);
      ir::AVal in_aval = i < pc.num_scalar_prefetch ? pc.prefetch[static_cast<size_t>(i)] : input_avals[static_cast<size_t>(i - pc.num_scalar_prefetch)];
      in_aval.kind = ir::AVal::Kind::Array;
      const ir::AVal& out_aval = out_avals[static_cast<size_t>(o)];
      if (in_aval.shape != out_aval.shape || in_aval.dtype != out_aval.dtype) {
        std::string in_path = i < pc.num_scalar_prefetch ? "[" + std::to_string(i) + "]" : input_paths[static_cast<size_t>(i - pc.num_scalar_prefetch)];
        raise(ErrorId::alias_aval_mismatch, where, i, o, in_path, ir::aval_long_str(in_aval), out_paths[static_cast<size_t>(o)],
              ir::aval_long_str(out_aval));
      }
      pc.aliases.emplace_back(i, o);
    }
  }

  // ---- settings and the rung ----
  pc.compiler = parse_compiler_params(cfg.get("compiler_params"), ip, where);
  if (Value ce = cfg.get("cost_estimate"); is_record(ce, cost_estimate_type())) {
    pc.has_cost_estimate = true;
    pc.cost = parse_cost_estimate(ce, ip, where);
  }
  choose_rung(pc, cfg.get("interpret"), ip, where);

  // ---- the kernel ----
  KernelSignature sig;
  sig.prefetch_tree = prefetch_tree;
  sig.input_tree = input_tree;
  sig.output_tree = out_tree;
  sig.num_prefetch = pc.prefetch.size();
  sig.num_inputs = pc.inputs.size();
  sig.num_outputs = pc.outputs.size();
  sig.scratch_keys = scratch_keys;
  sig.scratch_trees = scratch_trees;
  sig.refs = pc.prefetch;
  // A semaphore operand or output (out_shape=pltpu.SemaphoreType.DMA(()))
  // is a semaphore ref in the kernel, as its dtype makes it in JAX.
  for (const BlockMapping& m : pc.inputs) {
    ir::AVal a = ir::AVal::array(m.array.dtype, m.ref_shape);
    a.kind = ir::AVal::Kind::Ref;
    a.space = m.space;
    a.semaphore = m.array.semaphore;
    sig.refs.push_back(a);
  }
  for (const BlockMapping& m : pc.outputs) {
    ir::AVal a = ir::AVal::array(m.array.dtype, m.ref_shape);
    a.kind = ir::AVal::Kind::Ref;
    a.space = m.space;
    a.semaphore = m.array.semaphore;
    sig.refs.push_back(a);
  }
  sig.refs.insert(sig.refs.end(), pc.scratch.begin(), pc.scratch.end());
  pc.kernel = trace_kernel(kernel, sig, pc, ip);
  // Refs the body allocated (jax.empty_ref / new_ref) are scratch buffers.
  for (size_t i = sig.refs.size(); i < pc.kernel->invars.size(); ++i)
    pc.scratch.push_back(pc.kernel->vars[static_cast<size_t>(pc.kernel->invars[i])]);

  // ---- run ----
  Values out_values;
  std::vector<ir::Operand> outs = run_pallas_call(pc, std::move(operands), ip);
  for (size_t k = 0; k < outs.size(); ++k) {
    // A semaphore output stays one, so a later pallas_call can wait on it.
    if (k < pc.outputs.size()) outs[k].aval.semaphore = pc.outputs[k].array.semaphore;
    out_values.push_back(jax::make_array(std::move(outs[k])));
  }
  Value tree = unflatten(out_tree, out_values);
  if (single_output) return tree.as<python::TupleObj>().items[0];
  return tree;
}

Value pallas_call_builtin(python::Interpreter& ip, python::CallArgs& call) {
  Args a(call, "pallas_call",
         {"kernel", "out_shape", "*", "grid_spec", "grid", "in_specs", "out_specs", "scratch_shapes",
          "input_output_aliases", "debug", "interpret", "name", "compiler_params", "cost_estimate", "metadata"},
         2);
  static const python::RecordType config_type = [] {
    python::RecordType t;
    t.name = "pallas_call";
    t.call = [](python::Interpreter& ip2, const Value& self, python::CallArgs& inner) {
      return invoke(ip2, self.as<RecordObj>(), inner);
    };
    return t;
  }();
  auto cfg = std::make_shared<RecordObj>(&config_type);
  const char* names[] = {"kernel", "out_shape", "grid_spec", "grid", "in_specs", "out_specs", "scratch_shapes",
                         "input_output_aliases", "debug", "interpret", "name", "compiler_params", "cost_estimate",
                         "metadata"};
  for (size_t i = 0; i < 14; ++i) cfg->set(names[i], a[i]);
  if (!a.has(3)) cfg->set("grid", python::make_tuple({}));
  if (!a.has(4)) cfg->set("in_specs", no_block_spec());
  if (!a.has(5)) cfg->set("out_specs", no_block_spec());
  if (!a.has(6)) cfg->set("scratch_shapes", python::make_tuple({}));
  if (!a.has(8)) cfg->set("debug", Value::boolean(false));
  if (!a.has(9)) cfg->set("interpret", Value::boolean(false));
  // JAX builds its GridSpec here, whose constructor checks in_specs.
  if (a.has(4) && !is_record(a[4], no_block_spec_type()) && !a[4].is(ObjKind::Tuple) && !a[4].is(ObjKind::List))
    raise(ErrorId::in_specs_not_sequence, call.where, ip.repr(a[4]));
  if (a.has(2) && !a[2].is_none()) {
    if (a.has(3) && !(a[3].is(ObjKind::Tuple) && a[3].as<python::TupleObj>().items.empty()))
      raise(ErrorId::grid_spec_grid, call.where, ip.repr(a[3]));
    if (a.has(4) && !is_record(a[4], no_block_spec_type())) raise(ErrorId::grid_spec_in_specs, call.where, ip.repr(a[4]));
    if (a.has(5) && !is_record(a[5], no_block_spec_type())) raise(ErrorId::grid_spec_out_specs, call.where, ip.repr(a[5]));
    if (a.has(6) && !(a[6].is(ObjKind::Tuple) && a[6].as<python::TupleObj>().items.empty()))
      raise(ErrorId::grid_spec_scratch, call.where, ip.repr(a[6]));
  }
  return Value::object(cfg);
}

}  // namespace rungs::pallas
