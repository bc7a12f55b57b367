#include "core/ir/printer.h"

#include <map>
#include <set>

#include "core/array/format.h"

namespace rungs::ir {

namespace {

// JAX's alphabetic variable names: a..z, ba..bz, ca.., as _encode_digits does.
std::string var_name(int n) {
  std::string s;
  do {
    s.insert(s.begin(), static_cast<char>('a' + n % 26));
    n /= 26;
  } while (n > 0);
  return s;
}

std::string tuple_of(const std::vector<int64_t>& v) {
  std::string s = "(";
  for (size_t i = 0; i < v.size(); ++i) {
    if (i) s += ", ";
    s += std::to_string(v[i]);
  }
  return s + (v.size() == 1 ? ",)" : ")");
}

std::string list_of(const std::vector<int>& v) {
  std::string s = "[";
  for (size_t i = 0; i < v.size(); ++i) {
    if (i) s += ", ";
    s += std::to_string(v[i]);
  }
  return s + "]";
}

// Names are shared across nested jaxprs so every variable in the printed
// text is unique, as in JAX.
class Printer {
 public:
  std::string jaxpr(const Jaxpr& j, int indent) {
    std::string pad(static_cast<size_t>(indent), ' ');
    std::string head = "{ lambda ";
    for (int v : j.constvars) head += bind(j, v) + " ";
    head += ";";
    for (int v : j.invars) head += " " + bind(j, v);
    head += ". let";
    std::vector<std::string> lines;
    std::set<int> used = used_vars(j);
    for (const Eqn& e : j.eqns) lines.push_back(eqn(j, e, used, indent + 4));
    std::string outs = "(";
    for (size_t i = 0; i < j.outvars.size(); ++i) {
      if (i) outs += ", ";
      outs += atom(j, j.outvars[i]);
    }
    outs += j.outvars.size() == 1 ? ",)" : ")";
    if (lines.empty()) return head + "  in " + outs + " }";
    std::string s = head + "\n";
    for (const std::string& l : lines) s += pad + "    " + l + "\n";
    return s + pad + "  in " + outs + " }";
  }

  std::string eqn(const Jaxpr& j, const Eqn& e, const std::set<int>& used, int indent) {
    switch (e.prim) {
      case Prim::Get:
      case Prim::Load: return outs(j, e) + " <- " + ref_view(j, e);
      case Prim::Swap:
      case Prim::Store: {
        std::string view = ref_view(j, e);
        std::string value = atom(j, e.inputs[1]);
        if (!e.outputs.empty() && used.count(e.outputs[0]))
          return outs(j, e) + ", " + view + " <- " + view + ", " + value;
        return view + " <- " + value;
      }
      case Prim::AddUpdate: return ref_view(j, e) + " += " + atom(j, e.inputs[1]);
      case Prim::DebugPrint: {
        // jax.debug.callback in a kernel records a debug_print whose format
        // is a mark and its number (core/rungs/debug_print.h); JAX's jaxpr
        // shows its own primitive.
        if (e.params.text.rfind("\001debug_callback ", 0) != 0) break;
        std::string s = "debug_callback[callback=<function _flat_callback> effect=Debug partitioned=False]";
        for (const Atom& a : e.inputs) s += " " + atom(j, a);
        return s;
      }
      case Prim::DmaStart: {  // JAX's _dma_start_pp_eqn, for local copies
        const auto& c = e.params.counts;
        if (c.size() < 6 || c[3] || c[4] || c[5] || e.inputs.size() < 3) break;
        size_t a = static_cast<size_t>(c[0]), b = static_cast<size_t>(c[1]);
        return "dma_start(p0) " + ref_levels(j, e, 0, 0, a) + " -> " + ref_levels(j, e, 1, a, b) + " " +
               ref_levels(j, e, 2, a + b, static_cast<size_t>(c[2]));
      }
      default: break;
    }
    std::string s = outs(j, e);
    s += (s.empty() ? "" : " = ") + std::string(prim_name(e.prim));
    std::string p = params(j, e, indent);
    if (!p.empty()) s += "[" + p + "]";
    for (const Atom& a : e.inputs) s += " " + atom(j, a);
    return s;
  }

  std::string atom(const Jaxpr& j, const Atom& a) {
    if (a.is_literal()) return print_literal(a.literal);
    return name(j, a.var);
  }

 private:
  std::map<std::pair<const Jaxpr*, int>, std::string> names_;
  int next_ = 0;

  std::string bind(const Jaxpr& j, int v) {
    return name(j, v) + ":" + aval_str(j.vars[static_cast<size_t>(v)]);
  }
  std::string name(const Jaxpr& j, int v) {
    auto key = std::make_pair(&j, v);
    auto it = names_.find(key);
    if (it != names_.end()) return it->second;
    std::string n = var_name(next_++);
    names_[key] = n;
    return n;
  }
  std::string outs(const Jaxpr& j, const Eqn& e) {
    std::string s;
    for (size_t i = 0; i < e.outputs.size(); ++i) {
      if (i) s += " ";
      s += bind(j, e.outputs[i]);
    }
    return s;
  }
  static std::set<int> used_vars(const Jaxpr& j) {
    std::set<int> used;
    for (const Eqn& e : j.eqns)
      for (const Atom& a : e.inputs)
        if (!a.is_literal()) used.insert(a.var);
    for (const Atom& a : j.outvars)
      if (!a.is_literal()) used.insert(a.var);
    return used;
  }

  // a[:,:], a[b:b+8,0], a.at[...] chains as a[0][:, 2:4].
  std::string ref_view(const Jaxpr& j, const Eqn& e) { return ref_levels(j, e, 0, 0, e.params.indexers.size()); }
  // Input `ref` with the view levels [first, first + count) (a DMA's refs
  // each own a run of the equation's indexers).
  std::string ref_levels(const Jaxpr& j, const Eqn& e, size_t ref, size_t first, size_t count) {
    std::string s = atom(j, e.inputs[ref]);
    for (size_t k = first; k < first + count && k < e.params.indexers.size(); ++k) {
      const Indexer& ix = e.params.indexers[k];
      if (!ix.is_index()) {  // JAX's ReshapeTransform / BitcastTransform.pretty_print
        s += ix.kind == Indexer::Kind::Reshape ? "{reshape([" + join_dims(ix.shape) + "])}"
                                               : "{bitcast(" + std::string(array::dtype_name(ix.dtype)) + ")}";
        continue;
      }
      s += "[";
      for (size_t d = 0; d < ix.dims.size(); ++d) {
        if (d) s += ",";
        const DimIndex& di = ix.dims[d];
        if (di.kind == DimIndex::Kind::NewAxis) {
          s += "None";
          continue;
        }
        if (di.kind == DimIndex::Kind::Index || di.kind == DimIndex::Kind::Array) {
          s += di.is_static() ? std::to_string(di.start) : atom(j, e.inputs[static_cast<size_t>(di.input)]);
          continue;
        }
        if (di.dynamic_size()) {  // JAX's _pp_slice: ":n", "2:2+n", "b:b+n"
          std::string n = atom(j, e.inputs[static_cast<size_t>(di.size_input)]);
          std::string b = di.is_static() ? (di.start ? std::to_string(di.start) : "")
                                         : atom(j, e.inputs[static_cast<size_t>(di.input)]);
          s += b.empty() ? ":" + n : b + ":" + b + "+" + n;
        } else if (di.is_static()) {
          int64_t start = di.start;
          if (start == 0 && di.stride == 1 && full_dim(j, e, ref, count, d, di.size)) {
            s += ":";
          } else {
            s += std::to_string(start) + ":" + std::to_string(start + di.size * di.stride);
            if (di.stride != 1) s += ":" + std::to_string(di.stride);
          }
        } else {
          std::string b = atom(j, e.inputs[static_cast<size_t>(di.input)]);
          s += b + ":" + b + "+" + std::to_string(di.size * di.stride);
          if (di.stride != 1) s += ":" + std::to_string(di.stride);
        }
      }
      s += "]";
    }
    return s;
  }
  static std::string join_dims(const Shape& shape) {
    std::string s;
    for (size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + std::to_string(shape[i]);
    return s;
  }
  // Whether a slice covers the whole dimension of the (first) ref view.
  static bool full_dim(const Jaxpr& j, const Eqn& e, size_t input, size_t levels, size_t d, int64_t size) {
    if (levels != 1 || e.inputs[input].is_literal()) return false;
    const AVal& ref = j.vars[static_cast<size_t>(e.inputs[input].var)];
    return d < ref.shape.size() && ref.shape[d] == size;
  }

  std::string sub(const Jaxpr& j, int indent) { return jaxpr(j, indent); }

  std::string params(const Jaxpr& j, const Eqn& e, int indent) {
    (void)j;
    const Params& p = e.params;
    switch (e.prim) {
      case Prim::IntegerPow: return "y=" + std::to_string(p.n);
      case Prim::Round: return p.n == 1 ? "rounding_method=1" : "rounding_method=0";
      case Prim::ConvertElementType:
        return std::string("new_dtype=") + array::dtype_name(p.dtype) + " weak_type=" + (p.flag ? "True" : "False");
      case Prim::BitcastConvertType: return std::string("new_dtype=") + array::dtype_name(p.dtype);
      case Prim::TpuBitcast: return std::string("ty=") + array::dtype_name(p.dtype);
      case Prim::ReduceSum:
      case Prim::ReduceMax:
      case Prim::ReduceMin:
      case Prim::ReduceProd:
      case Prim::ReduceAnd:
      case Prim::ReduceOr: return "axes=" + tuple_of(p.axes);
      case Prim::ArgMax:
      case Prim::ArgMin: return "axes=" + tuple_of(p.axes) + " index_dtype=" + array::dtype_name(p.dtype);
      case Prim::CumSum:
      case Prim::CumProd:
      case Prim::CumMax:
      case Prim::CumMin:
        return "axis=" + std::to_string(p.n) + " reverse=" + (p.flag ? "True" : "False");
      case Prim::DotGeneral:
        return "dimension_numbers=((" + list_of(p.dot.lhs_contract) + ", " + list_of(p.dot.rhs_contract) +
               "), (" + list_of(p.dot.lhs_batch) + ", " + list_of(p.dot.rhs_batch) + ")) precision=" +
               (p.n == 2 ? "HIGHEST" : p.n == 1 ? "HIGH" : "None") + " preferred_element_type=" +
               (p.flag ? array::dtype_name(p.dtype) : "None");
      case Prim::Transpose: return "permutation=" + tuple_of(p.axes);
      case Prim::Reshape: return "dimensions=None new_sizes=" + tuple_of(p.shape);
      case Prim::BroadcastInDim:
        return "broadcast_dimensions=" + tuple_of(p.axes) + " shape=" + tuple_of(p.shape) + " sharding=None";
      case Prim::Squeeze:
      case Prim::ExpandDims:
      case Prim::Rev: return "dimensions=" + tuple_of(p.axes);
      case Prim::Concatenate: return "dimension=" + std::to_string(p.n);
      case Prim::Pad: {
        std::string s = "padding_config=(";
        for (size_t d = 0; d < p.starts.size(); ++d) {
          if (d) s += ", ";
          s += "(" + std::to_string(p.starts[d]) + ", " + std::to_string(p.limits[d]) + ", " +
               std::to_string(p.strides[d]) + ")";
        }
        return s + (p.starts.size() == 1 ? ",)" : ")");
      }
      case Prim::Slice:
        return "limit_indices=" + tuple_of(p.limits) + " start_indices=" + tuple_of(p.starts) +
               " strides=" + (p.strides.empty() ? std::string("None") : tuple_of(p.strides));
      case Prim::DynamicSlice: return "slice_sizes=" + tuple_of(p.shape);
      case Prim::Iota:
        return "dimension=" + std::to_string(p.n) + " dtype=" + array::dtype_name(p.dtype) +
               " shape=" + tuple_of(p.shape) + " sharding=None";
      case Prim::Sort:
        return "dimension=" + std::to_string(p.n) + " is_stable=" + (p.flag ? "True" : "False") +
               " num_keys=" + std::to_string(p.counts.empty() ? 1 : p.counts[0]);
      case Prim::ProgramId:
      case Prim::NumPrograms: return "axis=" + std::to_string(p.n);
      case Prim::AxisIndex: return "axis_name=" + p.text;
      case Prim::MultipleOf: return "values=(" + std::to_string(p.n) + ",)";
      case Prim::DebugPrint: return "fmt=" + p.text;
      case Prim::DebugCheck: return "msg=" + p.text;
      case Prim::SemaphoreWait: return std::string("decrement=") + (p.flag ? "True" : "False");
      case Prim::RandomBits: return "bit_width=" + std::to_string(p.n) + " shape=" + tuple_of(p.shape);
      case Prim::Cond: {
        std::string pad(static_cast<size_t>(indent + 2), ' ');
        std::string s = "\n" + pad + "branches=(\n";
        for (const JaxprPtr& b : p.jaxprs) s += pad + "  " + sub(*b, indent + 2) + "\n";
        return s + pad + ")\n" + std::string(static_cast<size_t>(indent), ' ');
      }
      case Prim::While: {
        std::string pad(static_cast<size_t>(indent + 2), ' ');
        // Separate statements: the operands of + are unsequenced, and the
        // sub-jaxprs take variable names in the order they are printed (body
        // first, as JAX does); GCC and clang would otherwise differ.
        std::string body = sub(*p.jaxprs[1], indent + 2);
        std::string cond = sub(*p.jaxprs[0], indent + 2);
        return "\n" + pad + "body_jaxpr=" + body + "\n" + pad + "body_nconsts=" + std::to_string(p.counts[1]) +
               "\n" + pad + "cond_jaxpr=" + cond + "\n" + pad + "cond_nconsts=" + std::to_string(p.counts[0]) +
               "\n" + std::string(static_cast<size_t>(indent), ' ');
      }
      case Prim::Scan: {
        std::string pad(static_cast<size_t>(indent + 2), ' ');
        return "\n" + pad + "jaxpr=" + sub(*p.jaxprs[0], indent + 2) + "\n" + pad + "length=" +
               std::to_string(p.n) + "\n" + pad + "num_carry=" + std::to_string(p.counts[1]) + "\n" + pad +
               "num_consts=" + std::to_string(p.counts[0]) + "\n" + pad + "reverse=" + (p.flag ? "True" : "False") +
               "\n" + std::string(static_cast<size_t>(indent), ' ');
      }
      case Prim::PallasCall: {
        std::string pad(static_cast<size_t>(indent + 2), ' ');
        return "\n" + pad + "jaxpr=" + sub(*p.jaxprs[0], indent + 2) + "\n" + pad + "name=" + p.text + "\n" +
               std::string(static_cast<size_t>(indent), ' ');
      }
      case Prim::RunScoped:
      case Prim::Pjit: {
        std::string pad(static_cast<size_t>(indent + 2), ' ');
        return "\n" + pad + "jaxpr=" + sub(*p.jaxprs[0], indent + 2) + "\n" + std::string(static_cast<size_t>(indent), ' ');
      }
      default: return "";
    }
  }
};

}  // namespace

std::string print_literal(const Array& value) {
  std::string text = array::scalar_str(value.dtype(), value.get_double(0));
  if (value.dtype() == DType::Bool) text = value.get_bool(0) ? "True" : "False";
  else if (array::is_integer(value.dtype())) text = std::to_string(value.get_int(0));
  return text + ":" + array::dtype_short_name(value.dtype()) + "[]";
}

std::string print_jaxpr(const Jaxpr& jaxpr) {
  Printer p;
  return p.jaxpr(jaxpr, 0);
}

std::string print_eqn(const Jaxpr& jaxpr, const Eqn& eqn) {
  Printer p;
  std::set<int> used;
  return p.eqn(jaxpr, eqn, used, 0);
}

}  // namespace rungs::ir
