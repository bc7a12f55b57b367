// jax.devices() and friends, and jax.sharding's names on one device.
//
// Devices are those of the platform the run models: the CPU host on rungs 1
// and 2 (JAX's interpret modes run there), the modelled TPU chip on rung 3;
// a later stage (core/rungs) installs how to describe them, since the rung
// is not known here. One device either way: several simulated devices
// (shard_map, remote DMAs) are not modelled yet, so a Mesh or sharding over
// more than one device is refused naming the count JAX would need.
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


const RecordType& device_type() {
  static const RecordType t = [] {
    RecordType r;
    r.name = "Device";
    r.repr = [](const RecordObj& d, Interpreter& ip) {
      if (ip.str(d.get("platform")) == "cpu") return std::string("CpuDevice(id=0)");
      return "TpuDevice(id=0, process_index=0, coords=" + ip.repr(d.get("coords")) + ", core_on_chip=0)";
    };
    return r;
  }();
  return t;
}

Value device_value(Interpreter& ip) {
  DeviceDescription d = current_device(ip);
  auto r = std::make_shared<RecordObj>(&device_type());
  r->set("id", Value::integer(0));
  r->set("platform", make_str(d.platform));
  r->set("device_kind", make_str(d.device_kind));
  r->set("process_index", Value::integer(0));
  r->set("host_id", Value::integer(0));
  if (d.platform != "cpu") {
    r->set("coords", make_tuple({Value::integer(0), Value::integer(0), Value::integer(0)}));
    r->set("core_on_chip", Value::integer(0));
    r->set("num_cores", Value::integer(d.cores_per_chip));
  }
  return Value::object(r);
}

Value devices(Interpreter& ip, CallArgs& call) {
  Args a(call, "devices", {"backend"});
  std::string platform = current_device(ip).platform;
  if (a.has(0) && !a[0].is_none() && ip.str(a[0]) != platform)
    raise(ErrorId::unknown_backend, call.where, ip.str(a[0]), ip.str(a[0]), platform);
  return make_list({device_value(ip)});
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
    return r;
  }();
  return t;
}

const RecordType& mesh_type() {
  static const RecordType t = [] {
    RecordType r;
    r.name = "Mesh";
    r.repr = [](const RecordObj& m, Interpreter& ip) {
      std::string s;
      std::string types;
      for (const Value& n : m.get("axis_names").as<TupleObj>().items) {
        s += (s.empty() ? "" : ", ") + ip.repr(n) + ": 1";
        types += ip.str(m.get("_axis_type")) + ",";
      }
      if (types.size() > 1 && std::count(types.begin(), types.end(), ',') > 1) types.pop_back();
      return "Mesh(" + s + ", axis_types=(" + types + "))";
    };
    return r;
  }();
  return t;
}

const RecordType& sharding_type() {
  static const RecordType t = [] {
    RecordType r;
    r.name = "Sharding";
    r.repr = [](const RecordObj& s, Interpreter& ip) {
      if (s.get("spec").is_none()) return "SingleDeviceSharding(device=" + ip.repr(s.get("device")) + ")";
      return "NamedSharding(mesh=" + ip.repr(s.get("mesh")) + ", spec=" + ip.repr(s.get("spec")) + ")";
    };
    return r;
  }();
  return t;
}

// A mesh of `names` over one device: every axis must have size 1 here.
// jax.make_mesh's axes are Explicit by default, a Mesh(...)'s Auto (JAX).
Value make_mesh_value(Interpreter& ip, const Values& sizes, const Values& names, SourceRange where,
                      const char* axis_type) {
  int64_t total = 1;
  for (const Value& s : sizes) total *= to_index(s, where);
  if (total != 1) raise(ErrorId::mesh_needs_devices, where, total);
  auto m = std::make_shared<RecordObj>(&mesh_type());
  m->set("axis_names", make_tuple(names));
  m->set("_axis_type", make_str(axis_type));
  auto shape = std::make_shared<DictObj>();
  for (const Value& n : names) shape->set(n, Value::integer(1));
  m->set("shape", Value::object(shape));
  m->set("size", Value::integer(1));
  m->set("devices", make_list({device_value(ip)}));
  return Value::object(m);
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
  def_signature(*m, "Mesh", {"devices", "axis_names", "*", "axis_types"}, 2, [](Interpreter& ip, const Args& a) {
    Values names = a[1].is(ObjKind::Str) ? Values{a[1]} : ip.iterate(a[1]);
    Values sizes(names.size(), Value::integer(1));
    int64_t count = static_cast<int64_t>(ip.iterate(a[0]).size());
    if (count != 1) raise(ErrorId::mesh_needs_devices, a.where(), count);
    return make_mesh_value(ip, sizes, names, a.where(), "Auto");
  });
  def_signature(*m, "NamedSharding", {"mesh", "spec", "*", "memory_kind"}, 2, [](Interpreter&, const Args& a) {
    auto r = std::make_shared<RecordObj>(&sharding_type());
    r->set("mesh", a[0]);
    r->set("spec", a[1]);
    return Value::object(r);
  });
  def_signature(*m, "SingleDeviceSharding", {"device", "*", "memory_kind"}, 1, [](Interpreter&, const Args& a) {
    auto r = std::make_shared<RecordObj>(&sharding_type());
    r->set("device", a[0]);
    return Value::object(r);
  });
  return Value::object(m);
}

}  // namespace

void set_device_describer(std::function<DeviceDescription(Interpreter&)> d) { describer() = std::move(d); }

void add_jax_devices(ModuleObj& m) {
  def(m, "devices", devices);
  def(m, "local_devices", devices);
  def(m, "device_count", [](Interpreter&, CallArgs&) { return Value::integer(1); });
  def(m, "local_device_count", [](Interpreter&, CallArgs&) { return Value::integer(1); });
  def(m, "process_index", [](Interpreter&, CallArgs&) { return Value::integer(0); });
  def(m, "process_count", [](Interpreter&, CallArgs&) { return Value::integer(1); });
  def(m, "default_backend", [](Interpreter& ip, CallArgs&) { return make_str(current_device(ip).platform); });
  def_signature(m, "make_mesh", {"axis_shapes", "axis_names", "*", "axis_types", "devices"}, 2,
                [](Interpreter& ip, const Args& a) {
                  return make_mesh_value(ip, ip.iterate(a[0]), ip.iterate(a[1]), a.where(), "Explicit");
                });
}

void register_module_sharding() { Interpreter::register_module("jax.sharding", sharding_module); }

DeviceDescription current_device(Interpreter& ip) {
  if (describer()) return describer()(ip);
  return {};
}

}  // namespace rungs::jax
