// Semaphores, DMAs and other TPU-specific kernel operations (pl.semaphore_*,
// pltpu.make_async_copy / async_copy / sync_copy / make_async_remote_copy,
// get_barrier_semaphore, delay, prng). Trace-time type checks use JAX's
// messages; what the operations *do* is each rung's business.
#include "core/python/args.h"
#include "core/python/interpreter.h"
#include "core/jax/array_value.h"
#include "core/jax/jnp_core.h"
#include "core/jax/jnp_ops.h"
#include "core/jax/modules.h"
#include "core/jax/ref_ops.h"
#include "core/python/value_ops.h"
#include "core/pallas/kernel_api.h"
#include "core/pallas/device_mesh.h"
#include "core/pallas/records.h"
#include "core/pallas/select_ref.h"

namespace rungs::pallas {

using python::Args;
using python::ObjKind;
using python::RecordObj;
using ir::Operand;

namespace {

void require_trace(const char* what, SourceRange where) {
  if (!ir::current_trace()) raise(ErrorId::not_in_kernel, where, what);
}

// The semaphore ref view a semaphore op acts on, checked as JAX does.
jax::RefAccess semaphore_access(python::Interpreter& ip, const Value& sem, const char* op, SourceRange where) {
  if (!sem.is(ObjKind::Ref)) raise(ErrorId::semaphore_not_ref, where, op, python::type_name(sem));
  const auto& ref = sem.as<jax::RefObj>();
  ir::AVal aval = ref.aval();
  if (aval.semaphore == ir::SemaphoreKind::None) raise(ErrorId::semaphore_not_ref, where, op, ir::aval_str(aval));
  jax::RefAccess acc = jax::ref_access(ip, ref, nullptr, where);
  if (!acc.result.shape.empty()) raise(ErrorId::semaphore_not_scalar, where, op, array::shape_str(acc.result.shape));
  return acc;
}

// A DMA's source, destination or sizing view; a traced pl.ds size is
// allowed here (JAX's Slice.is_dynamic_size), each rung deciding what it does.
jax::RefAccess view_access(python::Interpreter& ip, const Value& ref, SourceRange where) {
  if (!ref.is(ObjKind::Ref)) raise(ErrorId::ref_index_type, where, python::type_name(ref));
  return jax::ref_access(ip, ref.as<jax::RefObj>(), nullptr, where, /*dynamic_size=*/true);
}

// The view's shape with -1 where a level has a traced size (JAX's
// DShapedArray dims), which match any extent until the DMA runs.
array::Shape dma_view_shape(const jax::RefObj& ref) {
  array::Shape shape = ref.ref.aval.shape;
  for (size_t level = 0; level < ref.views.size(); ++level) {
    if (const jax::RefTransform* t = ref.transform_at(level)) {  // ref.reshape / ref.bitcast
      shape = t->shape;
      continue;
    }
    jax::RefView v = ref.views[level];
    for (jax::RefIndex& r : v)
      if (r.dynamic_size) r.size = -1;
    shape = jax::view_shape(shape, v);
  }
  return shape;
}

std::string dynamic_shape_str(const array::Shape& shape) {
  std::string s = "(";
  for (size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + (shape[i] < 0 ? std::string("n") : std::to_string(shape[i]));
  return s + (shape.size() == 1 ? ",)" : ")");
}

bool dma_shapes_agree(const array::Shape& a, const array::Shape& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (a[i] >= 0 && b[i] >= 0 && a[i] != b[i]) return false;
  return true;
}

Operand int32_operand(python::Interpreter& ip, const Value& v, SourceRange where, bool check_signal) {
  Operand o = jax::to_operand(ip, v, where);
  if (o.aval.weak_type || !o.traced()) o = jax::convert(o, array::DType::Int32, false);
  if (check_signal && o.aval.dtype != array::DType::Int32)
    raise(ErrorId::semaphore_signal_dtype, where, array::dtype_name(o.aval.dtype));
  return o;
}

// A device id as one int32 operand: the logical id. Under jax.shard_map a
// MESH id (a tuple of coordinates, one per mesh axis, or a dict naming
// some axes, the others being this device's own) becomes the row-major
// logical id, as JAX's TPU interpreter's device_coords_to_logical_id; a
// LOGICAL id is used as given. Outside a shard_map an int or a 1-tuple.
Operand device_operand(python::Interpreter& ip, const Value& v, const Value& id_type, SourceRange where) {
  DeviceMesh mesh = current_device_mesh();
  bool logical = id_type.is(ObjKind::Str) && id_type.as<python::StrObj>().s == "logical";
  if (mesh.names.empty() || logical) {
    if (v.is(ObjKind::Tuple) && v.as<python::TupleObj>().items.size() == 1)
      return int32_operand(ip, v.as<python::TupleObj>().items[0], where, false);
    if (v.is(ObjKind::Dict) && v.as<python::DictObj>().entries.size() == 1)
      return int32_operand(ip, v.as<python::DictObj>().entries[0].second, where, false);
    return int32_operand(ip, v, where, false);
  }
  std::vector<Operand> coords(mesh.names.size());
  std::vector<bool> given(mesh.names.size(), false);
  if (v.is(ObjKind::Dict)) {
    for (const auto& [key, value] : v.as<python::DictObj>().entries) {
      int axis = mesh.axis(ip.str(key));
      if (axis < 0) raise(ErrorId::device_id_dict_axis, where, ip.str(key), ip.repr(python::make_tuple([&] {
                            python::Values names;
                            for (const std::string& n : mesh.names) names.push_back(python::make_str(n));
                            return names;
                          }())));
      coords[static_cast<size_t>(axis)] = int32_operand(ip, value, where, false);
      given[static_cast<size_t>(axis)] = true;
    }
    for (size_t i = 0; i < coords.size(); ++i) {  // an axis not named: this device's own coordinate
      if (given[i]) continue;
      ir::Params p;
      p.text = mesh.names[i];
      p.n = -1;
      ir::set_current_source(where);
      coords[i] = ir::record(ir::Prim::AxisIndex, {}, p, {ir::AVal::array(array::DType::Int32, {})})[0];
    }
  } else {
    python::Values items = v.is(ObjKind::Tuple) || v.is(ObjKind::List) ? ip.iterate(v) : python::Values{v};
    if (items.size() != mesh.names.size()) raise(ErrorId::device_id_length, where, items.size(), mesh.names.size());
    for (size_t i = 0; i < items.size(); ++i) coords[i] = int32_operand(ip, items[i], where, false);
  }
  ir::set_current_source(where);
  Operand id = coords[0];
  for (size_t i = 1; i < coords.size(); ++i)
    id = jax::binary(ir::Prim::Add, jax::binary(ir::Prim::Mul, id, jax::scalar_int(array::DType::Int32, mesh.sizes[i])),
                     coords[i]);
  return id;
}

const python::RecordType& descriptor_type();

void record_dma_start(python::Interpreter& ip, const RecordObj& d, SourceRange where) {
  jax::RefAccess src = view_access(ip, d.get("src"), where);
  jax::RefAccess dst = view_access(ip, d.get("dst"), where);
  array::Shape src_shape = dma_view_shape(d.get("src").as<jax::RefObj>());
  array::Shape dst_shape = dma_view_shape(d.get("dst").as<jax::RefObj>());
  if (!dma_shapes_agree(src_shape, dst_shape))
    raise(ErrorId::dma_shape_mismatch, where, dynamic_shape_str(src_shape), dynamic_shape_str(dst_shape));
  jax::RefAccess dst_sem = semaphore_access(ip, d.get("dst_sem"), "signal", where);
  bool remote = !d.get("device_id").is_none();
  std::vector<Operand> inputs{src.inputs[0], dst.inputs[0], dst_sem.inputs[0]};
  std::optional<jax::RefAccess> src_sem;
  if (remote) {
    src_sem = semaphore_access(ip, d.get("src_sem"), "signal", where);
    inputs.push_back(src_sem->inputs[0]);
    inputs.push_back(device_operand(ip, d.get("device_id"), d.get("device_id_type"), where));
  }
  ir::Params p;
  auto a = jax::append_view(src, inputs), b = jax::append_view(dst, inputs), c = jax::append_view(dst_sem, inputs);
  std::vector<ir::Indexer> e;
  if (src_sem) e = jax::append_view(*src_sem, inputs);
  p.indexers = a;
  p.indexers.insert(p.indexers.end(), b.begin(), b.end());
  p.indexers.insert(p.indexers.end(), c.begin(), c.end());
  p.indexers.insert(p.indexers.end(), e.begin(), e.end());
  p.counts = {static_cast<int64_t>(a.size()), static_cast<int64_t>(b.size()), static_cast<int64_t>(c.size()),
              static_cast<int64_t>(e.size()), remote ? 1 : 0, remote ? 1 : 0};
  ir::set_current_source(where);
  ir::record(ir::Prim::DmaStart, inputs, p, {});
}

// wait_recv (send = false) waits on the destination semaphore for the size
// of the source window; wait_send on the source semaphore for the
// destination window (the descriptor swaps them, as JAX does).
void record_dma_wait(python::Interpreter& ip, const RecordObj& d, bool send, SourceRange where) {
  Value sem_value = send ? d.get("src_sem") : d.get("dst_sem");
  jax::RefAccess sem = semaphore_access(ip, sem_value, "wait", where);
  if (sem_value.as<jax::RefObj>().aval().semaphore == ir::SemaphoreKind::Regular)
    raise(ErrorId::dma_wait_regular, where);
  jax::RefAccess sized = view_access(ip, send ? d.get("dst") : d.get("src"), where);
  std::vector<Operand> inputs{sem.inputs[0], sized.inputs[0]};
  bool remote = !d.get("device_id").is_none();
  if (remote) inputs.push_back(device_operand(ip, d.get("device_id"), d.get("device_id_type"), where));
  ir::Params p;
  auto a = jax::append_view(sem, inputs), b = jax::append_view(sized, inputs);
  p.indexers = a;
  p.indexers.insert(p.indexers.end(), b.begin(), b.end());
  p.counts = {static_cast<int64_t>(a.size()), static_cast<int64_t>(b.size()), remote ? 1 : 0};
  p.flag = send;
  ir::set_current_source(where);
  ir::record(ir::Prim::DmaWait, inputs, p, {});
}

const python::RecordType& descriptor_type() {
  static const python::RecordType t = [] {
    python::RecordType r;
    r.name = "AsyncCopyDescriptor";
    r.repr = [](const RecordObj&, python::Interpreter&) { return std::string("<AsyncCopyDescriptor>"); };
    r.methods["start"] = [](python::Interpreter& ip, const Value& self, python::CallArgs& call) {
      Args a(call, "start", {"priority", "*", "add"});
      if (a.int_at(0, 0) < 0) raise(ErrorId::dma_priority, call.where, a.int_at(0, 0));
      require_trace("AsyncCopyDescriptor.start", call.where);
      if (dma_uses_select(self.as<RecordObj>())) {
        run_selected_dma(ip, self.as<RecordObj>(), "start", call);
        return Value::none();
      }
      record_dma_start(ip, self.as<RecordObj>(), call.where);
      return Value::none();
    };
    auto wait_recv = [](python::Interpreter& ip, const Value& self, python::CallArgs& call) {
      require_trace("AsyncCopyDescriptor.wait", call.where);
      if (dma_uses_select(self.as<RecordObj>())) {
        run_selected_dma(ip, self.as<RecordObj>(), "wait_recv", call);
        return Value::none();
      }
      record_dma_wait(ip, self.as<RecordObj>(), false, call.where);
      return Value::none();
    };
    r.methods["wait_recv"] = wait_recv;
    r.methods["wait_send"] = [](python::Interpreter& ip, const Value& self, python::CallArgs& call) {
      if (self.as<RecordObj>().get("device_id").is_none()) raise(ErrorId::wait_send_local, call.where);
      if (dma_uses_select(self.as<RecordObj>())) {
        run_selected_dma(ip, self.as<RecordObj>(), "wait_send", call);
        return Value::none();
      }
      record_dma_wait(ip, self.as<RecordObj>(), true, call.where);
      return Value::none();
    };
    r.methods["wait"] = [wait_recv](python::Interpreter& ip, const Value& self, python::CallArgs& call) {
      require_trace("AsyncCopyDescriptor.wait", call.where);
      if (dma_uses_select(self.as<RecordObj>())) {
        run_selected_dma(ip, self.as<RecordObj>(), "wait", call);
        return Value::none();
      }
      if (!self.as<RecordObj>().get("device_id").is_none()) record_dma_wait(ip, self.as<RecordObj>(), true, call.where);
      return wait_recv(ip, self, call);
    };
    return r;
  }();
  return t;
}

Value make_descriptor(const Value& src, const Value& dst, const Value& dst_sem, const Value& src_sem,
                      const Value& device_id, const Value& device_id_type = Value::none()) {
  auto d = std::make_shared<RecordObj>(&descriptor_type());
  d->set("src", src);
  d->set("dst", dst);
  d->set("dst_sem", dst_sem);
  d->set("src_sem", src_sem);
  d->set("device_id", device_id);
  d->set("device_id_type", device_id_type);
  return Value::object(d);
}

}  // namespace

Value semaphore_signal(python::Interpreter& ip, python::CallArgs& call) {
  Args a(call, "semaphore_signal", {"sem_or_view", "inc", "*", "device_id", "device_id_type", "core_index"}, 1);
  require_trace("pl.semaphore_signal", call.where);
  jax::RefAccess sem = semaphore_access(ip, a[0], "signal", call.where);
  std::vector<Operand> inputs{sem.inputs[0], int32_operand(ip, a.get_or(1, Value::integer(1)), call.where, true)};
  bool has_device = a.has(2) && !a[2].is_none(), has_core = a.has(4) && !a[4].is_none();
  if (has_device) inputs.push_back(device_operand(ip, a[2], a.get_or(3, Value::none()), call.where));
  if (has_core) inputs.push_back(int32_operand(ip, a[4], call.where, false));
  ir::Params p;
  p.counts = {has_device ? 1 : 0, has_core ? 1 : 0};
  p.indexers = jax::append_view(sem, inputs);
  ir::set_current_source(call.where);
  ir::record(ir::Prim::SemaphoreSignal, inputs, p, {});
  return Value::none();
}

Value semaphore_wait(python::Interpreter& ip, python::CallArgs& call) {
  Args a(call, "semaphore_wait", {"sem_or_view", "value", "*", "decrement"}, 1);
  require_trace("pl.semaphore_wait", call.where);
  jax::RefAccess sem = semaphore_access(ip, a[0], "wait", call.where);
  std::vector<Operand> inputs{sem.inputs[0], int32_operand(ip, a.get_or(1, Value::integer(1)), call.where, false)};
  ir::Params p;
  p.flag = a.bool_at(2, true);
  p.indexers = jax::append_view(sem, inputs);
  ir::set_current_source(call.where);
  ir::record(ir::Prim::SemaphoreWait, inputs, p, {});
  return Value::none();
}

Value semaphore_read(python::Interpreter& ip, python::CallArgs& call) {
  Args a(call, "semaphore_read", {"sem_or_view"}, 1);
  require_trace("pl.semaphore_read", call.where);
  jax::RefAccess sem = semaphore_access(ip, a[0], "read", call.where);
  std::vector<Operand> inputs{sem.inputs[0]};
  ir::Params p;
  p.indexers = jax::append_view(sem, inputs);
  ir::set_current_source(call.where);
  return jax::make_array(ir::record(ir::Prim::SemaphoreRead, inputs, p, {ir::AVal::array(array::DType::Int32, {})})[0]);
}

Value make_async_copy(python::Interpreter&, python::CallArgs& call) {
  Args a(call, "make_async_copy", {"src_ref", "dst_ref", "sem"}, 3);
  return make_descriptor(a[0], a[1], a[2], Value::none(), Value::none());
}

Value async_copy(python::Interpreter& ip, python::CallArgs& call) {
  Args a(call, "async_copy", {"src_ref", "dst_ref", "sem", "*", "priority"}, 3);
  Value d = make_descriptor(a[0], a[1], a[2], Value::none(), Value::none());
  require_trace("pltpu.async_copy", call.where);
  if (dma_uses_select(d.as<RecordObj>())) {
    python::CallArgs start;
    start.where = call.where;
    if (a.has(3)) start.keywords.emplace_back("priority", a[3]);
    run_selected_dma(ip, d.as<RecordObj>(), "start", start);
    return d;
  }
  record_dma_start(ip, d.as<RecordObj>(), call.where);
  return d;
}

Value make_async_remote_copy(python::Interpreter&, python::CallArgs& call) {
  Args a(call, "make_async_remote_copy", {"src_ref", "dst_ref", "send_sem", "recv_sem", "device_id", "device_id_type"}, 4);
  bool has_src_sem = !a[2].is_none(), has_device = a.has(4) && !a[4].is_none();
  if (has_src_sem != has_device) raise(ErrorId::remote_copy_sems, call.where);
  return make_descriptor(a[0], a[1], a[3], a[2], a[4], a.get_or(5, Value::none()));
}

// sync_copy(src, dst): a run_scoped DMA semaphore, start, wait.
Value sync_copy(python::Interpreter& ip, python::CallArgs& call) {
  Args a(call, "sync_copy", {"src_ref", "dst_ref"}, 2);
  require_trace("pltpu.sync_copy", call.where);
  Value src = a[0], dst = a[1];
  SourceRange where = call.where;
  Value body = python::make_builtin("sync_copy.body", [src, dst, where](python::Interpreter& ip2, python::CallArgs& inner) {
    Value d = make_descriptor(src, dst, inner.positional[0], Value::none(), Value::none());
    record_dma_start(ip2, d.as<RecordObj>(), where);
    record_dma_wait(ip2, d.as<RecordObj>(), false, where);
    return Value::none();
  });
  python::CallArgs scoped;
  scoped.where = call.where;
  scoped.positional = {body, semaphore_kind("dma")};
  run_scoped(ip, scoped);
  return Value::none();
}

Value get_barrier_semaphore(python::Interpreter&, python::CallArgs& call) {
  require_trace("pltpu.get_barrier_semaphore", call.where);
  ir::AVal aval;
  aval.kind = ir::AVal::Kind::Ref;
  aval.dtype = array::DType::Int32;
  aval.space = ir::MemorySpace::TpuSemaphore;
  aval.semaphore = ir::SemaphoreKind::Barrier;
  ir::set_current_source(call.where);
  return jax::make_ref(ir::record(ir::Prim::BarrierSemaphore, {}, {}, {aval})[0]);
}

Value delay(python::Interpreter& ip, python::CallArgs& call) {
  Args a(call, "delay", {"nanos"}, 1);
  if (!ir::current_trace()) return Value::none();
  ir::set_current_source(call.where);
  ir::record(ir::Prim::Delay, {int32_operand(ip, a[0], call.where, false)}, {}, {});
  return Value::none();
}

Value prng_seed(python::Interpreter& ip, python::CallArgs& call) {
  require_trace("pltpu.prng_seed", call.where);
  std::vector<Operand> seeds;
  for (const Value& v : call.positional) seeds.push_back(int32_operand(ip, v, call.where, false));
  ir::set_current_source(call.where);
  ir::record(ir::Prim::PrngSeed, seeds, {}, {});
  return Value::none();
}

Value prng_random_bits(python::Interpreter& ip, python::CallArgs& call) {
  Args a(call, "prng_random_bits", {"shape"}, 1);
  require_trace("pltpu.prng_random_bits", call.where);
  ir::Params p;
  for (const Value& d : ip.iterate(a[0])) p.shape.push_back(python::to_index(d, call.where));
  ir::set_current_source(call.where);
  return jax::make_array(ir::record(ir::Prim::PrngRandomBits, {}, p, {ir::AVal::array(array::DType::Int32, p.shape)})[0]);
}

}  // namespace rungs::pallas
