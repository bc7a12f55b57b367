// jax.devices() and friends, and jax.sharding's names (Mesh, NamedSharding,
// PartitionSpec) over the simulated devices of a run.
//
// Devices are those of the platform the run models: CPU devices on rungs 1
// and 2 (JAX's interpret modes run on the host), TPU chips of the modelled
// slice on rung 3; a later stage (core/rungs) installs how to describe them,
// since the rung is not known here. How many there are is device_count's
// rule (modules.h): the CPU host takes jax_num_cpu_devices or XLA_FLAGS as
// JAX does, and both hosts take the run's `devices` option.
#include <algorithm>
#include <functional>

#include "core/jax/jnp_ops.h"
#include "core/jax/modules.h"
#include "core/python/args.h"
#include "core/python/modules.h"
#include "core/python/value_ops.h"

namespace rungs::jax {

namespace {

std::function<DeviceDescription(Interpreter&)>& describer() {
  static std::function<DeviceDescription(Interpreter&)> d;
  return d;
}

// jax_num_cpu_devices, the backend's "initialised" mark, and the meshes
// entered with `with mesh:` / jax.set_mesh.
struct DeviceState : python::StageState {
  std::optional<int64_t> num_cpu_devices;
  bool initialized = false;
  std::vector<Value> mesh_stack;
};

// --xla_force_host_platform_device_count=N in the program's os.environ.
std::optional<int64_t> forced_host_device_count(Interpreter& ip) {
  const Value* flags = python::os_environ(ip).as<DictObj>().find(make_str("XLA_FLAGS"));
  if (!flags || !flags->is(ObjKind::Str)) return std::nullopt;
  const std::string& s = flags->as<StrObj>().s;
  const std::string key = "--xla_force_host_platform_device_count=";
  size_t at = s.find(key);
  if (at == std::string::npos) return std::nullopt;
  int64_t n = 0;
  for (size_t i = at + key.size(); i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i) n = n * 10 + (s[i] - '0');
  return n > 0 ? std::optional<int64_t>(n) : std::nullopt;
}

// TPU chips laid out as the small slices are: 2 wide (2x1, 2x2, 2x4, ...).
Value tpu_coords(int64_t id, int64_t count) {
  int64_t width = count > 1 && count % 2 == 0 ? 2 : std::max<int64_t>(count, 1);
  return make_tuple({Value::integer(id % width), Value::integer(id / width), Value::integer(0)});
}

const RecordType& device_type() {
  static const RecordType t = [] {
    RecordType r;
    r.name = "Device";
    r.repr = [](const RecordObj& d, Interpreter& ip) {
      std::string id = std::to_string(d.get("id").as_int());
      if (ip.str(d.get("platform")) == "cpu") return "CpuDevice(id=" + id + ")";
      return "TpuDevice(id=" + id + ", process_index=0, coords=" + ip.repr(d.get("coords")) + ", core_on_chip=0)";
    };
    return r;
  }();
  return t;
}

Value device_value(Interpreter& ip, int64_t id, int64_t count) {
  DeviceDescription d = current_device(ip);
  auto r = std::make_shared<RecordObj>(&device_type());
  r->set("id", Value::integer(id));
  r->set("platform", make_str(d.platform));
  r->set("device_kind", make_str(d.device_kind));
  r->set("process_index", Value::integer(0));
  r->set("host_id", Value::integer(0));
  if (d.platform != "cpu") {
    r->set("coords", tpu_coords(id, count));
    r->set("core_on_chip", Value::integer(0));
    r->set("num_cores", Value::integer(d.cores_per_chip));
  }
  return Value::object(r);
}

Values device_values(Interpreter& ip) {
  int64_t n = device_count(ip);
  Values out;
  for (int64_t i = 0; i < n; ++i) out.push_back(device_value(ip, i, n));
  return out;
}

Value devices(Interpreter& ip, CallArgs& call) {
  Args a(call, "devices", {"backend"});
  std::string platform = current_device(ip).platform;
  if (a.has(0) && !a[0].is_none() && ip.str(a[0]) != platform)
    raise(ErrorId::unknown_backend, call.where, ip.str(a[0]), ip.str(a[0]), platform);
  return make_list(device_values(ip));
}

// PartitionSpec('x', None): a tuple of axis names, printed as JAX prints it
// (its tuple's repr inside P(...): P('x',), P('x', None)).
const RecordType& partition_spec_type() {
  static const RecordType t = [] {
    RecordType r;
    r.name = "PartitionSpec";
    r.repr = [](const RecordObj& p, Interpreter& ip) {
      std::string inner = ip.repr(p.get("_parts"));
      return "P(" + inner.substr(1, inner.size() - 2) + ")";
    };
    // JAX's PartitionSpec is a tuple: len, indexing and iteration are its parts'.
    r.methods["__len__"] = [](Interpreter&, const Value& self, CallArgs&) {
      return Value::integer(static_cast<int64_t>(self.as<RecordObj>().get("_parts").as<TupleObj>().items.size()));
    };
    r.methods["__getitem__"] = [](Interpreter& ip, const Value& self, CallArgs& c) {
      return ip.getitem(self.as<RecordObj>().get("_parts"), c.positional.at(0), c.where);
    };
    r.methods["__iter__"] = [](Interpreter&, const Value& self, CallArgs&) {
      return self.as<RecordObj>().get("_parts");  // iter() of this tuple
    };
    return r;
  }();
  return t;
}

std::vector<Value>& mesh_stack(Interpreter& ip) { return ip.state<DeviceState>().mesh_stack; }

Value enter_mesh(Interpreter& ip, const Value& mesh) {
  mesh_stack(ip).push_back(mesh);
  return mesh;
}

Value exit_mesh(Interpreter& ip) {
  if (!mesh_stack(ip).empty()) mesh_stack(ip).pop_back();
  return Value::boolean(false);
}

const RecordType& mesh_type() {
  static const RecordType t = [] {
    RecordType r;
    r.name = "Mesh";
    r.repr = [](const RecordObj& m, Interpreter& ip) {
      std::string s, types;
      const Values& names = m.get("axis_names").as<TupleObj>().items;
      const Values& sizes = m.get("axis_sizes").as<TupleObj>().items;
      for (size_t i = 0; i < names.size(); ++i) {
        s += (i ? ", " : "") + ip.repr(names[i]) + ": " + std::to_string(sizes[i].as_int());
        types += (i ? ", " : "") + ip.str(m.get("_axis_type"));
      }
      if (names.size() == 1) types += ",";
      return "Mesh(" + s + ", axis_types=(" + types + "))";
    };
    r.methods["__enter__"] = [](Interpreter& ip, const Value& self, CallArgs&) { return enter_mesh(ip, self); };
    r.methods["__exit__"] = [](Interpreter& ip, const Value&, CallArgs&) { return exit_mesh(ip); };
    return r;
  }();
  return t;
}

// A mesh over `devices` (row-major) with these axes.
Value make_mesh_record(const Values& devices, const Values& sizes, const Values& names, const char* axis_type) {
  auto m = std::make_shared<RecordObj>(&mesh_type());
  m->set("axis_names", make_tuple(names));
  m->set("axis_sizes", make_tuple(sizes));
  m->set("_axis_type", make_str(axis_type));
  auto shape = std::make_shared<DictObj>();
  int64_t total = 1;
  for (size_t i = 0; i < names.size(); ++i) {
    shape->set(names[i], sizes[i]);
    total *= sizes[i].as_int();
  }
  m->set("shape", Value::object(shape));
  m->set("shape_tuple", [&] {
    Values pairs;
    for (size_t i = 0; i < names.size(); ++i) pairs.push_back(make_tuple({names[i], sizes[i]}));
    return make_tuple(pairs);
  }());
  m->set("size", Value::integer(total));
  m->set("empty", Value::boolean(total == 0));
  m->set("devices", make_list(devices));  // flat, row-major
  m->set("device_ids", [&] {
    Values ids;
    for (const Value& d : devices) ids.push_back(d.as<RecordObj>().get("id"));
    return make_list(ids);
  }());
  return Value::object(m);
}

// jax.make_mesh: the first prod(axis_shapes) devices; too few is JAX's error.
Value make_mesh(Interpreter& ip, const Args& a) {
  Values sizes = ip.iterate(a[0]), names = ip.iterate(a[1]);
  if (sizes.size() != names.size()) raise(ErrorId::mesh_ndim_mismatch, a.where(), sizes.size(), names.size());
  int64_t total = 1;
  for (Value& s : sizes) {
    s = Value::integer(to_index(s, a.where()));
    total *= s.as_int();
  }
  Values devs = a.has(3) && !a[3].is_none() ? ip.iterate(a[3]) : device_values(ip);
  if (total > static_cast<int64_t>(devs.size()))
    raise(ErrorId::mesh_device_count, a.where(), devs.size(), ip.repr(make_tuple(sizes)));
  devs.resize(static_cast<size_t>(total));
  return make_mesh_record(devs, sizes, names, "Explicit");
}

// jax.sharding.Mesh(devices, axis_names): devices nested as the mesh's shape.
Value mesh_constructor(Interpreter& ip, const Args& a) {
  Values names = a[1].is(ObjKind::Str) ? Values{a[1]} : ip.iterate(a[1]);
  Values flat, sizes;
  std::function<void(const Value&, size_t)> walk = [&](const Value& v, size_t depth) {
    bool nested = v.is(ObjKind::List) || v.is(ObjKind::Tuple);
    if (!nested) {
      if (depth != names.size()) raise(ErrorId::mesh_ndim_mismatch, a.where(), depth, names.size());
      flat.push_back(v);
      return;
    }
    Values items = ip.iterate(v);
    if (depth >= sizes.size()) sizes.push_back(Value::integer(static_cast<int64_t>(items.size())));
    for (const Value& item : items) walk(item, depth + 1);
  };
  // np.array(jax.devices()).reshape(...) is an object array: its nested list.
  Value devices = a[0].is(ObjKind::Record) && a[0].as<RecordObj>().field("_nested") ? a[0].as<RecordObj>().get("_nested") : a[0];
  walk(devices, 0);
  if (sizes.size() != names.size()) raise(ErrorId::mesh_ndim_mismatch, a.where(), sizes.size(), names.size());
  return make_mesh_record(flat, sizes, names, "Auto");
}

const RecordType& sharding_type() {
  static const RecordType t = [] {
    RecordType r;
    r.name = "Sharding";
    r.repr = [](const RecordObj& s, Interpreter& ip) {
      if (s.get("spec").is_none()) return "SingleDeviceSharding(device=" + ip.repr(s.get("device")) + ")";
      return "NamedSharding(mesh=" + ip.repr(s.get("mesh")) + ", spec=" + ip.repr(s.get("spec")) + ", memory_kind=device)";
    };
    return r;
  }();
  return t;
}

// What JAX's Sharding answers about its devices: device_set (a set of
// Device), memory_kind, and, one process holding every device here,
// is_fully_addressable. is_fully_replicated holds for one device (a
// NamedSharding over several is answered by its spec elsewhere).
void set_device_fields(RecordObj& r, const Values& devices) {
  auto set = std::make_shared<SetObj>();
  for (const Value& d : devices) set->add(d);
  r.set("device_set", Value::object(set));
  r.set("memory_kind", make_str("device"));
  r.set("is_fully_addressable", Value::boolean(true));
  r.set("is_fully_replicated", Value::boolean(devices.size() == 1));
}

// jax.set_mesh(mesh) / jax.sharding.use_mesh(mesh): sets the context mesh
// now and, used in `with`, restores the previous one on exit.
const RecordType& mesh_context_type() {
  static const RecordType t = [] {
    RecordType r;
    r.name = "_MeshContext";
    r.methods["__enter__"] = [](Interpreter&, const Value& self, CallArgs&) { return self.as<RecordObj>().get("mesh"); };
    r.methods["__exit__"] = [](Interpreter& ip, const Value&, CallArgs&) { return exit_mesh(ip); };
    return r;
  }();
  return t;
}

Value set_mesh(Interpreter& ip, const Args& a) {
  enter_mesh(ip, a[0]);
  auto r = std::make_shared<RecordObj>(&mesh_context_type());
  r->set("mesh", a[0]);
  return Value::object(r);
}

Value sharding_module(Interpreter&) {
  auto m = new_module("jax.sharding");
  Value pspec = Value::object(std::make_shared<BuiltinObj>("PartitionSpec", [](Interpreter&, CallArgs& c) {
    auto r = std::make_shared<RecordObj>(&partition_spec_type());
    r->set("_parts", make_tuple(c.positional));
    return Value::object(r);
  }, "PartitionSpec"));
  m->attrs["PartitionSpec"] = pspec;
  m->attrs["P"] = pspec;
  def_signature(*m, "Mesh", {"devices", "axis_names", "*", "axis_types"}, 2, mesh_constructor);
  def_signature(*m, "NamedSharding", {"mesh", "spec", "*", "memory_kind"}, 2, [](Interpreter& ip, const Args& a) {
    auto r = std::make_shared<RecordObj>(&sharding_type());
    r->set("mesh", a[0]);
    r->set("spec", a[1]);
    r->set("num_devices", a[0].as<RecordObj>().get("size"));
    set_device_fields(*r, ip.iterate(a[0].as<RecordObj>().get("devices")));
    return Value::object(r);
  });
  def_signature(*m, "SingleDeviceSharding", {"device", "*", "memory_kind"}, 1, [](Interpreter&, const Args& a) {
    auto r = std::make_shared<RecordObj>(&sharding_type());
    r->set("device", a[0]);
    r->set("num_devices", Value::integer(1));
    set_device_fields(*r, {a[0]});
    return Value::object(r);
  });
  def_signature(*m, "use_mesh", {"mesh"}, 1, set_mesh);
  def_signature(*m, "set_mesh", {"mesh"}, 1, set_mesh);
  def(*m, "get_mesh", [](Interpreter& ip, CallArgs&) {
    return mesh_stack(ip).empty() ? Value::none() : mesh_stack(ip).back();
  });
  return Value::object(m);
}

}  // namespace

void set_device_describer(std::function<DeviceDescription(Interpreter&)> d) { describer() = std::move(d); }

bool backend_initialized(Interpreter& ip) { return ip.state<DeviceState>().initialized; }

int64_t device_count(Interpreter& ip) {
  DeviceState& st = ip.state<DeviceState>();
  st.initialized = true;
  DeviceDescription d = current_device(ip);
  int64_t option = std::max<int64_t>(d.devices_option, 1);
  if (d.platform != "cpu") return option;
  if (st.num_cpu_devices) return *st.num_cpu_devices;
  if (auto forced = forced_host_device_count(ip)) return *forced;
  return option;
}

// The context mesh (None outside `with mesh` / jax.set_mesh).
Value context_mesh(Interpreter& ip) { return mesh_stack(ip).empty() ? Value::none() : mesh_stack(ip).back(); }

bool is_mesh(const Value& v) { return v.is(ObjKind::Record) && v.as<RecordObj>().type == &mesh_type(); }
bool is_partition_spec(const Value& v) {
  return v.is(ObjKind::Record) && v.as<RecordObj>().type == &partition_spec_type();
}
bool is_named_sharding(const Value& v) {
  return v.is(ObjKind::Record) && v.as<RecordObj>().type == &sharding_type() && !v.as<RecordObj>().get("spec").is_none();
}

// jax.config.update("jax_num_cpu_devices", n): only before the backend starts.
void set_num_cpu_devices(Interpreter& ip, const Value& n, SourceRange where) {
  DeviceState& st = ip.state<DeviceState>();
  int64_t value = to_index(n, where);
  int64_t current = st.num_cpu_devices.value_or(-1);
  if (st.initialized && value != current) raise(ErrorId::num_cpu_devices_late, where);
  st.num_cpu_devices = value;
}

void add_jax_devices(ModuleObj& m) {
  def(m, "devices", devices);
  def(m, "local_devices", devices);
  def(m, "device_count", [](Interpreter& ip, CallArgs&) { return Value::integer(device_count(ip)); });
  def(m, "local_device_count", [](Interpreter& ip, CallArgs&) { return Value::integer(device_count(ip)); });
  def(m, "process_index", [](Interpreter&, CallArgs&) { return Value::integer(0); });
  def(m, "process_count", [](Interpreter&, CallArgs&) { return Value::integer(1); });
  def(m, "default_backend", [](Interpreter& ip, CallArgs&) { return make_str(current_device(ip).platform); });
  def_signature(m, "make_mesh", {"axis_shapes", "axis_names", "axis_types", "*", "devices"}, 2, make_mesh);
  def_signature(m, "set_mesh", {"mesh"}, 1, set_mesh);
}

void register_module_sharding() { Interpreter::register_module("jax.sharding", sharding_module); }

DeviceDescription current_device(Interpreter& ip) {
  if (describer()) return describer()(ip);
  return {};
}

}  // namespace rungs::jax
