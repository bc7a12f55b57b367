// pltpu.get_tpu_info() and the TpuInfo it returns (jax/_src/tpu_info.py):
// the modelled chip's per-TensorCore figures on rung 3, with the methods
// and properties kernels call to size their blocks (get_sublane_tiling,
// is_matmul_supported, is_lite, is_megacore, is_split_chip).
#include <set>

#include "core/jax/jnp_ops.h"
#include "core/jax/modules.h"
#include "core/pallas/kernel_api.h"
#include "core/python/args.h"
#include "core/python/interpreter.h"

namespace rungs::pallas {

using python::Args;
using python::RecordObj;

namespace {

// Properties in JAX (not dataclass fields): readable, but not in the repr.
bool is_property(const std::string& name) {
  return name == "is_lite" || name == "is_megacore" || name == "is_split_chip";
}

int64_t figure(const RecordObj& info, const char* name) {
  const Value* v = info.field(name);
  return v && v->is_int() ? v->as_int() : 0;
}

array::DType dtype_arg(python::Interpreter& ip, const Value& v, SourceRange where) {
  auto d = jax::dtype_of_value(v);
  if (!d) raise(ErrorId::dtype_unknown, where, ip.repr(v));
  return *d;
}

// TpuInfo.get_sublane_tiling: 16- and 32-bit types keep the sublane count
// before TPU7x; narrower ones (and all from 7x on) use large tiling.
Value get_sublane_tiling(python::Interpreter& ip, const Value& self, python::CallArgs& call) {
  Args a(call, "get_sublane_tiling", {"dtype"}, 1);
  const RecordObj& info = self.as<RecordObj>();
  int bits = array::bit_width(dtype_arg(ip, a[0], a.where()));
  int64_t gen = figure(info, "generation"), sublanes = figure(info, "num_sublanes");
  if (gen < 7 && (bits == 16 || bits == 32)) return Value::integer(sublanes);
  // (Every modelled generation is <= 8, where JAX's table ends.)
  return Value::integer(sublanes * (32 / bits));
}

// TpuInfo.is_matmul_supported's table, by chip version.
Value is_matmul_supported(python::Interpreter& ip, const Value& self, python::CallArgs& call) {
  Args a(call, "is_matmul_supported", {"lhs_dtype", "rhs_dtype"}, 2);
  std::string lhs = array::dtype_name(dtype_arg(ip, a[0], a.where()));
  std::string rhs = array::dtype_name(dtype_arg(ip, a[1], a.where()));
  const Value* v = self.as<RecordObj>().field("chip_version");
  std::string chip = v ? ip.str(*v) : "";
  auto in = [](const std::string& d, std::set<std::string> s) { return s.count(d) > 0; };
  bool ok = false;
  if (chip == "v2" || chip == "v3") {
    ok = lhs == "float32" && rhs == "float32";
  } else if (chip == "v4" || chip == "v4i") {
    ok = in(lhs, {"float32", "bfloat16"}) && in(rhs, {"float32", "bfloat16", "int8"});
  } else if (chip == "v5e" || chip == "v5p" || chip == "v6e") {
    std::set<std::string> fl{"float32", "bfloat16", "float8_e5m2", "float8_e4m3b11fnuz"};
    ok = (in(lhs, fl) && in(rhs, fl)) || (in(lhs, {"uint8", "int8"}) && in(rhs, {"uint8", "int8"})) ||
         (in(lhs, {"uint4", "int4"}) && in(rhs, {"uint4", "int4"}));
  } else if (chip == "7" || chip == "7x" || chip == "tpu7x") {
    ok = (in(lhs, {"float32", "bfloat16"}) && in(rhs, {"float32", "bfloat16", "float8_e5m2", "float8_e4m3fn"})) ||
         (in(lhs, {"float8_e5m2", "float8_e4m3fn"}) && in(rhs, {"float8_e5m2", "float8_e4m3fn"}));
  }
  return Value::boolean(ok);
}

const python::RecordType& tpu_info_type() {
  static const python::RecordType t = [] {
    python::RecordType r;
    r.name = "TpuInfo";
    r.repr = [](const RecordObj& rec, python::Interpreter& ip) {
      std::string s = "TpuInfo(";
      bool first = true;
      for (const auto& [name, value] : rec.fields) {
        if (is_property(name)) continue;
        s += (first ? "" : ", ") + name + "=" + ip.repr(value);
        first = false;
      }
      return s + ")";
    };
    r.methods["get_sublane_tiling"] = get_sublane_tiling;
    r.methods["is_matmul_supported"] = is_matmul_supported;
    return r;
  }();
  return t;
}

}  // namespace

Value get_tpu_info(python::Interpreter& ip, python::CallArgs& call) {
  Args a(call, "get_tpu_info", {}, 0);
  jax::DeviceDescription d = jax::current_device(ip);
  if (d.platform != "tpu") raise(ErrorId::tpu_info_unsupported_kind, a.where(), d.device_kind);
  auto info = std::make_shared<RecordObj>(&tpu_info_type());
  // A pltpu.ChipVersion member, as JAX's (kernels compare it with
  // ChipVersion.TPU_V5E); a version the enum lacks stays its string.
  Value version = python::make_str(d.chip_version);
  try {
    Value cls = ip.getattr(ip.import_module("jax.experimental.pallas.tpu", a.where()), "ChipVersion", a.where());
    version = ip.call(cls, python::Values{version}, a.where());
  } catch (EngineError&) {
  }
  info->set("chip_version", version);
  for (const auto& [name, value] : d.tpu_figures) info->set(name, Value::integer(value));
  // The modelled v5e has no SparseCore (JAX's tpu_info table gives None).
  info->set("sparse_core", Value::none());
  // ChipVersion's table: lite chips; megacore = more than one core per device.
  const std::string& v = d.chip_version;
  bool lite = v == "v4i" || v == "v5e" || v == "v6e";
  bool two_physical = v == "v2" || v == "v3" || v == "v4" || v == "v5p" || v == "tpu7x" || v == "tpu8i";
  int64_t cores = figure(*info, "num_cores");
  info->set("is_lite", Value::boolean(lite));
  info->set("is_megacore", Value::boolean(cores > 1));
  info->set("is_split_chip", Value::boolean(cores == 1 && two_physical));
  return Value::object(info);
}

}  // namespace rungs::pallas
