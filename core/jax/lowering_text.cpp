// A lowered module as StableHLO-like text (Lowered.as_text(),
// Exported.mlir_module()): `module @jit_f` with one `func.func public @main`
// over the flattened arguments, one op per host equation in StableHLO's
// generic spelling, and each pallas_call as what its platform lowered it to
// -- a `stablehlo.custom_call @tpu_custom_call` for the chip (real JAX puts
// the Mosaic module there as bytecode; the model's rendering of it follows
// the module, labelled as the model's), or a call of the interpreter's loop.
// Sub-jaxprs of control flow are summarised, not expanded.
#include <cctype>
#include <map>

#include "core/array/format.h"
#include "core/jax/jit_lowering.h"

namespace rungs::jax {

namespace {

using ir::Prim;

// MLIR's element type names.
std::string element_type(array::DType d) {
  using array::DType;
  switch (d) {
    case DType::Bool: return "i1";
    case DType::Float32: return "f32";
    case DType::BFloat16: return "bf16";
    case DType::Float16: return "f16";
    case DType::Float8E4M3FN: return "f8E4M3FN";
    case DType::Float8E5M2: return "f8E5M2";
    case DType::Float8E4M3FNUZ: return "f8E4M3FNUZ";
    case DType::Float8E5M2FNUZ: return "f8E5M2FNUZ";
    case DType::Float8E4M3B11FNUZ: return "f8E4M3B11FNUZ";
    case DType::Float8E3M4: return "f8E3M4";
    case DType::Float8E4M3: return "f8E4M3";
    case DType::Float8E8M0FNU: return "f8E8M0FNU";
    case DType::Float4E2M1FN: return "f4E2M1FN";
    default: break;
  }
  std::string s = array::dtype_short_name(d);  // "i32", "u8", ...
  if (!s.empty() && s[0] == 'u') s = "ui" + s.substr(1);
  return s;
}

std::string tensor_type(const ir::AVal& a) {
  std::string s = "tensor<";
  for (int64_t d : a.shape) s += std::to_string(d) + "x";
  return s + element_type(a.dtype) + ">";
}

// StableHLO's op for each host primitive JAX lowers one to one; the rest
// print under the primitive's own name.
const std::map<Prim, const char*>& op_names() {
  static const std::map<Prim, const char*> names = {
      {Prim::Add, "stablehlo.add"}, {Prim::Sub, "stablehlo.subtract"}, {Prim::Mul, "stablehlo.multiply"},
      {Prim::Div, "stablehlo.divide"}, {Prim::Max, "stablehlo.maximum"}, {Prim::Min, "stablehlo.minimum"},
      {Prim::Neg, "stablehlo.negate"}, {Prim::Exp, "stablehlo.exponential"}, {Prim::Log, "stablehlo.log"},
      {Prim::Tanh, "stablehlo.tanh"}, {Prim::Logistic, "stablehlo.logistic"}, {Prim::Sqrt, "stablehlo.sqrt"},
      {Prim::Rsqrt, "stablehlo.rsqrt"}, {Prim::Abs, "stablehlo.abs"}, {Prim::Sin, "stablehlo.sine"},
      {Prim::Cos, "stablehlo.cosine"}, {Prim::Pow, "stablehlo.power"}, {Prim::Rem, "stablehlo.remainder"},
      {Prim::And, "stablehlo.and"}, {Prim::Or, "stablehlo.or"}, {Prim::Xor, "stablehlo.xor"},
      {Prim::Not, "stablehlo.not"}, {Prim::Floor, "stablehlo.floor"}, {Prim::Ceil, "stablehlo.ceil"},
      {Prim::DotGeneral, "stablehlo.dot_general"}, {Prim::Transpose, "stablehlo.transpose"},
      {Prim::Reshape, "stablehlo.reshape"}, {Prim::Squeeze, "stablehlo.reshape"},
      {Prim::ExpandDims, "stablehlo.reshape"}, {Prim::BroadcastInDim, "stablehlo.broadcast_in_dim"},
      {Prim::ConvertElementType, "stablehlo.convert"}, {Prim::SelectN, "stablehlo.select"},
      {Prim::Iota, "stablehlo.iota"}, {Prim::Concatenate, "stablehlo.concatenate"}, {Prim::Slice, "stablehlo.slice"},
      {Prim::DynamicSlice, "stablehlo.dynamic_slice"}, {Prim::DynamicUpdateSlice, "stablehlo.dynamic_update_slice"},
      {Prim::Pad, "stablehlo.pad"}, {Prim::ReduceSum, "stablehlo.reduce"}, {Prim::ReduceMax, "stablehlo.reduce"},
      {Prim::ReduceMin, "stablehlo.reduce"}, {Prim::Eq, "stablehlo.compare"}, {Prim::Ne, "stablehlo.compare"},
      {Prim::Lt, "stablehlo.compare"}, {Prim::Le, "stablehlo.compare"}, {Prim::Gt, "stablehlo.compare"},
      {Prim::Ge, "stablehlo.compare"}, {Prim::Cond, "stablehlo.case"}, {Prim::While, "stablehlo.while"},
      {Prim::Scan, "stablehlo.while"}, {Prim::Pjit, "func.call"}, {Prim::Sort, "stablehlo.sort"},
      {Prim::Rev, "stablehlo.reverse"}, {Prim::Copy, "stablehlo.copy"}};
  return names;
}

template <typename T>
std::string tuple_of(const std::vector<T>& v) {
  std::string s;
  for (size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + std::to_string(v[i]);
  return "[" + s + "]";
}

// The attributes worth reading in an equation's op.
std::string attributes(const ir::Eqn& e) {
  const ir::Params& p = e.params;
  switch (e.prim) {
    case Prim::DotGeneral:
      return ", contracting_dims = " + tuple_of(p.dot.lhs_contract) + " x " + tuple_of(p.dot.rhs_contract) +
             (p.dot.lhs_batch.empty() ? "" : ", batching_dims = " + tuple_of(p.dot.lhs_batch) + " x " +
                                                  tuple_of(p.dot.rhs_batch)) +
             (p.n == 2 ? ", precision = [HIGHEST, HIGHEST]" : p.n == 1 ? ", precision = [HIGH, HIGH]" : "");
    case Prim::Transpose: return ", dims = " + tuple_of(p.axes);
    case Prim::BroadcastInDim: return ", dims = " + tuple_of(p.axes);
    case Prim::ReduceSum: case Prim::ReduceMax: case Prim::ReduceMin:
      return std::string(" applies ") + (e.prim == Prim::ReduceSum ? "stablehlo.add" : e.prim == Prim::ReduceMax ? "stablehlo.maximum" : "stablehlo.minimum") +
             " across dimensions = " + tuple_of(p.axes);
    case Prim::Eq: return ", EQ";
    case Prim::Ne: return ", NE";
    case Prim::Lt: return ", LT";
    case Prim::Le: return ", LE";
    case Prim::Gt: return ", GT";
    case Prim::Ge: return ", GE";
    default: break;
  }
  if (!p.jaxprs.empty()) {
    size_t n = 0;
    for (const ir::JaxprPtr& j : p.jaxprs) n += j->eqns.size();
    return " ({ " + std::to_string(n) + " equation(s) in " + std::to_string(p.jaxprs.size()) + " region(s), not shown })";
  }
  return "";
}

class ModulePrinter {
 public:
  explicit ModulePrinter(const LoweredModule& m) : m_(m), j_(*m.jaxpr) {}

  std::string print() {
    // mlir.sanitize_name: `<lambda>` names the module jit__lambda_.
    std::string name = m_.fun_name;
    for (char& c : name)
      if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '-')) c = '_';
    std::string out = "module @jit_" + name +
                      " attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {\n";
    std::string params, results;
    for (size_t i = 0; i < j_.invars.size(); ++i) {
      names_[j_.invars[i]] = "%arg" + std::to_string(i);
      params += (i ? ", " : "") + names_[j_.invars[i]] + ": " + tensor_type(j_.vars[static_cast<size_t>(j_.invars[i])]);
    }
    for (size_t i = 0; i < m_.out_avals.size(); ++i) results += (i ? ", " : "") + tensor_type(m_.out_avals[i]);
    body_ += "  func.func public @main(" + params + ") -> (" + results + ") {\n";
    for (size_t i = 0; i < j_.constvars.size(); ++i)
      names_[j_.constvars[i]] = constant(j_.consts[i]);
    for (const ir::Eqn& e : j_.eqns) equation(e);
    std::string returned, types;
    for (size_t i = 0; i < j_.outvars.size(); ++i) {
      returned += (i ? ", " : "") + atom(j_.outvars[i]);
      types += (i ? ", " : "") + tensor_type(m_.out_avals[i]);
    }
    body_ += "    return " + returned + " : " + types + "\n  }\n}\n";
    out += body_;
    for (const LoweredCall& c : m_.calls) {
      if (!c.custom_call) continue;
      out += "\n// The Mosaic module of tpu_custom_call " + c.name +
             ", as Rungs' chip model renders it (real JAX embeds it in backend_config as bytecode):\n" + c.model_text;
      if (out.back() != '\n') out += "\n";
    }
    return out;
  }

 private:
  const LoweredModule& m_;
  const ir::Jaxpr& j_;
  std::map<int, std::string> names_;
  std::string body_;
  int next_ = 0;

  std::string fresh() { return "%" + std::to_string(next_++); }

  std::string constant(const array::Array& value) {
    std::string name = "%cst_" + std::to_string(next_++);
    std::string data = value.size() == 1 ? array::scalar_str(value.dtype(), value.get_double(0)) : "\"<" + std::to_string(value.size()) + " elements>\"";
    body_ += "    " + name + " = stablehlo.constant dense<" + data + "> : " +
             tensor_type(ir::AVal::array(value.dtype(), value.shape())) + "\n";
    return name;
  }

  std::string atom(const ir::Atom& a) {
    if (a.is_literal()) return constant(a.literal);
    auto it = names_.find(a.var);
    return it == names_.end() ? "%undefined" : it->second;
  }

  std::string type_of(const ir::Atom& a) {
    return a.is_literal() ? tensor_type(ir::AVal::array(a.literal.dtype(), a.literal.shape()))
                          : tensor_type(j_.vars[static_cast<size_t>(a.var)]);
  }

  void equation(const ir::Eqn& e) {
    std::vector<std::string> args, in_types;
    for (const ir::Atom& a : e.inputs) {
      args.push_back(atom(a));
      in_types.push_back(type_of(a));
    }
    std::vector<std::string> outs, out_types;
    for (int v : e.outputs) {
      names_[v] = fresh();
      outs.push_back(names_[v]);
      out_types.push_back(tensor_type(j_.vars[static_cast<size_t>(v)]));
    }
    auto join = [](const std::vector<std::string>& xs) {
      std::string s;
      for (size_t i = 0; i < xs.size(); ++i) s += (i ? ", " : "") + xs[i];
      return s;
    };
    std::string lhs = outs.empty() ? "" : join(outs) + " = ";
    std::string signature = " : (" + join(in_types) + ") -> " +
                            (out_types.size() == 1 ? out_types[0] : "(" + join(out_types) + ")");
    if (e.prim == Prim::PallasCall) {
      const LoweredCall& c = m_.calls.at(static_cast<size_t>(e.params.n));
      if (c.custom_call)
        body_ += "    " + lhs + "stablehlo.custom_call @tpu_custom_call(" + join(args) + ") {backend_config = " +
                 quoted(c.backend_config) + ", kernel_name = \"" + c.name + "\"}" + signature + "\n";
      else
        body_ += "    " + lhs + "func.call @" + c.name + "_interpret(" + join(args) + ")" + signature + "  // " +
                 c.model_text + "\n";
      return;
    }
    auto it = op_names().find(e.prim);
    std::string op = it != op_names().end() ? it->second : "\"jax." + std::string(ir::prim_name(e.prim)) + "\"";
    body_ += "    " + lhs + op + " " + join(args) + attributes(e) + signature + "\n";
  }

  static std::string quoted(const std::string& s) {
    std::string q = "\"";
    // MLIR's string escapes: \22 for a quote, \0A for a newline.
    for (char c : s) q += c == '"' ? std::string("\\22") : c == '\n' ? std::string("\\0A") : std::string(1, c);
    return q + "\"";
  }
};

}  // namespace

std::string stablehlo_text(const LoweredModule& m) { return ModulePrinter(m).print(); }

std::string compiled_text(const LoweredModule& m) {
  std::string out = ModulePrinter(m).print();
  for (const LoweredCall& c : m.calls) {
    if (!c.custom_call || c.scoped_vmem_bytes < 0) continue;
    // XLA's TPU backend config is JSON in the compiled HLO; memory space 1 is VMEM.
    out += "\n// tpu_custom_call " + c.name + " as compiled (the chip model's VMEM footprint):\n// backend_config={" +
           "\"used_scoped_memory_configs\":[{\"memory_space\":\"1\",\"offset\":\"0\",\"size\":\"" +
           std::to_string(c.scoped_vmem_bytes) + "\"}]}\n";
  }
  return out;
}

}  // namespace rungs::jax
