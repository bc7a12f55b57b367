// The chip model's Mosaic-like module text (see chip_lowering_text.h).
#include "core/rungs/chip_lowering_text.h"

#include <map>

#include "core/ir/printer.h"
#include "core/rungs/chip_checks.h"

namespace rungs::exec {

using ir::Prim;
using pallas::BlockMapping;
using pallas::PallasCall;

namespace {

std::string elem(array::DType d, bool memref) {
  switch (d) {
    case array::DType::Bool: return memref ? "i32" : "i1";  // bools are int32 in memrefs
    case array::DType::Int8: case array::DType::UInt8: return "i8";
    case array::DType::Int16: case array::DType::UInt16: return "i16";
    case array::DType::Int32: case array::DType::UInt32: return "i32";
    case array::DType::Float16: return "f16";
    case array::DType::BFloat16: return "bf16";
    case array::DType::Float32: return "f32";
    case array::DType::Int4: case array::DType::UInt4: return "i4";
    case array::DType::Int2: case array::DType::UInt2: return "i2";
    case array::DType::Float8E4M3FN: return "f8E4M3FN";
    case array::DType::Float8E5M2: return "f8E5M2";
    case array::DType::Float8E4M3FNUZ: return "f8E4M3FNUZ";
    case array::DType::Float8E5M2FNUZ: return "f8E5M2FNUZ";
    case array::DType::Float8E4M3B11FNUZ: return "f8E4M3B11FNUZ";
    case array::DType::Float8E3M4: return "f8E3M4";
    case array::DType::Float8E4M3: return "f8E4M3";
    case array::DType::Float8E8M0FNU: return "f8E8M0FNU";
    case array::DType::Float4E2M1FN: return "f4E2M1FN";
    default: break;
  }
  return "?";
}

std::string dims(const array::Shape& s) {
  std::string out;
  for (int64_t d : s) out += std::to_string(d) + "x";
  return out;
}

const char* space_attr(ir::MemorySpace s) {
  switch (s) {
    case ir::MemorySpace::Default:
    case ir::MemorySpace::TpuVmem: return "#tpu.memory_space<vmem>";
    case ir::MemorySpace::TpuSmem: return "#tpu.memory_space<smem>";
    case ir::MemorySpace::Any: return "#tpu.memory_space<any>";
    case ir::MemorySpace::TpuHbm: return "#tpu.memory_space<hbm>";
    case ir::MemorySpace::TpuSemaphore: return "#tpu.memory_space<semaphore_mem>";
    default: return "#tpu.memory_space<vmem>";
  }
}

std::string value_type(const ir::AVal& a) {
  if (a.is_ref()) return memref_type(a.shape, a.dtype, a.space, a.semaphore);
  if (a.shape.empty()) return elem(a.dtype, false);
  return "vector<" + dims(a.shape) + elem(a.dtype, false) + ">";
}

// Mosaic-flavoured op names for the body; anything else prints as
// "jaxpr.<prim>" so the line still says what runs.
std::string op_name(const ir::Eqn& e, array::DType in) {
  bool f = array::is_float(in);
  switch (e.prim) {
    case Prim::Add: return f ? "arith.addf" : "arith.addi";
    case Prim::Sub: return f ? "arith.subf" : "arith.subi";
    case Prim::Mul: return f ? "arith.mulf" : "arith.muli";
    case Prim::Div: return f ? "arith.divf" : "arith.divsi";
    case Prim::Rem: return f ? "arith.remf" : "arith.remsi";
    case Prim::Max: return f ? "arith.maximumf" : "arith.maxsi";
    case Prim::Min: return f ? "arith.minimumf" : "arith.minsi";
    case Prim::And: return "arith.andi";
    case Prim::Or: return "arith.ori";
    case Prim::Xor: return "arith.xori";
    case Prim::Eq: case Prim::Ne: case Prim::Lt: case Prim::Le: case Prim::Gt: case Prim::Ge:
      return std::string(f ? "arith.cmpf " : "arith.cmpi ") + std::string(ir::prim_name(e.prim)) + ",";
    case Prim::Exp: case Prim::Log: case Prim::Tanh: case Prim::Sin: case Prim::Cos: case Prim::Sqrt:
    case Prim::Rsqrt: case Prim::Floor: case Prim::Ceil: case Prim::Log1p: case Prim::Exp2: case Prim::Erf:
    case Prim::Tan:
      return "math." + std::string(ir::prim_name(e.prim));
    case Prim::Abs: return f ? "math.absf" : "math.absi";
    case Prim::SelectN: return "arith.select";
    case Prim::DotGeneral: return "tpu.matmul";
    case Prim::BroadcastInDim: return "vector.broadcast";
    case Prim::Reshape: case Prim::Squeeze: case Prim::ExpandDims: return "vector.shape_cast";
    case Prim::Transpose: return "tpu.transpose";
    case Prim::ReduceSum: return "vector.multi_reduction <add>,";
    case Prim::ReduceMax: return f ? "vector.multi_reduction <maximumf>," : "vector.multi_reduction <maxsi>,";
    case Prim::ReduceMin: return f ? "vector.multi_reduction <minimumf>," : "vector.multi_reduction <minsi>,";
    case Prim::Iota: return "tpu.iota";
    case Prim::Concatenate: return "tpu.concatenate";
    case Prim::Slice: return "vector.extract_strided_slice";
    case Prim::ConvertElementType: return "arith.convert";  // extf/truncf/sitofp/... in the real module
    case Prim::BitcastConvertType: case Prim::TpuBitcast: return "tpu.bitcast";
    case Prim::NumPrograms: return "tpu.iteration_bound";
    case Prim::SemaphoreRead: return "tpu.sem_read";
    case Prim::MultipleOf: return "tpu.assume_multiple";
    default: return "jaxpr." + std::string(ir::prim_name(e.prim));
  }
}

class BodyPrinter {
 public:
  // grid_offset: the leading grid arguments vmap added, which the kernel's
  // program_id axes skip.
  // marks: where each line an equation produced starts in `out`, with the
  // equation's Python line (for the views' links back to the source).
  BodyPrinter(std::string& out, int grid_offset, std::vector<std::pair<size_t, int>>* marks = nullptr)
      : out_(out), grid_offset_(grid_offset), marks_(marks) {}

  // Prints `j`'s equations; `names` gives its invars' SSA names; the
  // results go to `terminator` (return, scf.yield, tpu.yield).
  void body(const ir::Jaxpr& j, const std::vector<std::string>& names, int indent, const char* terminator = "return") {
    std::map<int, std::string> env;
    for (size_t i = 0; i < j.invars.size() && i < names.size(); ++i) env[j.invars[i]] = names[i];
    for (const ir::Eqn& e : j.eqns) eqn(j, e, env, indent);
    std::string ret = terminator;
    std::string sep = " ";
    for (const ir::Atom& a : j.outvars) {
      ret += sep + atom(j, a, env, indent);
      sep = ", ";
    }
    line(indent, ret);
  }
 private:
  static std::string pad(int n) { return std::string(static_cast<size_t>(n), ' '); }
  void line(int indent, const std::string& s) {
    if (marks_ && source_line_ > 0) marks_->emplace_back(out_.size(), source_line_);
    out_ += pad(indent) + s + "\n";
  }

  std::string fresh() { return "%" + std::to_string(next_++); }

  std::string atom(const ir::Jaxpr& j, const ir::Atom& a, std::map<int, std::string>& env, int indent) {
    if (!a.is_literal()) {
      auto it = env.find(a.var);
      return it != env.end() ? it->second : "%v" + std::to_string(a.var);
    }
    // MLIR spelling: "arith.constant 2.000000e+00 : f32" ("2.0 : f32" here).
    std::string name = "%c" + std::to_string(next_++);
    std::string lit = ir::print_literal(a.literal);
    line(indent, name + " = arith.constant " + lit.substr(0, lit.find(':')) + " : " + elem(a.literal.dtype(), false));
    (void)j;
    return name;
  }

  // The last view level's indices: "start:+size" per sliced dim.
  std::string indices(const ir::Eqn& e, size_t level, const ir::Jaxpr& j, std::map<int, std::string>& env, int indent) {
    if (level >= e.params.indexers.size()) return "[...]";
    std::string s = "[";
    const auto& ds = e.params.indexers[level].dims;
    for (size_t k = 0; k < ds.size(); ++k) {
      if (k) s += ", ";
      const ir::DimIndex& d = ds[k];
      std::string start = d.is_static() ? std::to_string(d.start)
                                        : atom(j, e.inputs[static_cast<size_t>(d.input)], env, indent);
      s += d.kind == ir::DimIndex::Kind::Slice ? start + ":+" + std::to_string(d.size) : start;
    }
    return s + "]";
  }

  void eqn(const ir::Jaxpr& j, const ir::Eqn& e, std::map<int, std::string>& env, int indent) {
    int outer_line = source_line_;
    if (e.source.line > 0) source_line_ = e.source.line;
    eqn_lines(j, e, env, indent);
    source_line_ = outer_line;
  }

  void eqn_lines(const ir::Jaxpr& j, const ir::Eqn& e, std::map<int, std::string>& env, int indent) {
    auto name_outputs = [&]() {
      std::string s;
      for (size_t i = 0; i < e.outputs.size(); ++i) {
        std::string n = fresh();
        env[e.outputs[i]] = n;
        s += (i ? ", " : "") + n;
      }
      return s;
    };
    auto ref_of = [&](size_t i) { return atom(j, e.inputs[i], env, indent); };
    auto type_of = [&](const ir::Atom& a) {
      return a.is_literal() ? elem(a.literal.dtype(), false) : value_type(j.vars[static_cast<size_t>(a.var)]);
    };
    switch (e.prim) {
      case Prim::ProgramId:  // grid indices are the kernel's leading arguments
        env[e.outputs[0]] = "%arg" + std::to_string(e.params.n + grid_offset_);
        return;
      case Prim::Get:
      case Prim::Load: {
        std::string ref = ref_of(0), idx = indices(e, e.params.indexers.empty() ? 0 : e.params.indexers.size() - 1, j, env, indent);
        const ir::AVal& r = j.vars[static_cast<size_t>(e.inputs[0].var)];
        std::string op = r.space == ir::MemorySpace::TpuSmem ? "memref.load" : "vector.load";
        line(indent, name_outputs() + " = " + op + " " + ref + idx + " : " + value_type(r) + ", " +
                         value_type(j.vars[static_cast<size_t>(e.outputs[0])]));
        return;
      }
      case Prim::Swap:
      case Prim::Store: {
        std::string ref = ref_of(0), val = ref_of(1);
        std::string idx = indices(e, e.params.indexers.empty() ? 0 : e.params.indexers.size() - 1, j, env, indent);
        const ir::AVal& r = j.vars[static_cast<size_t>(e.inputs[0].var)];
        std::string op = r.space == ir::MemorySpace::TpuSmem ? "memref.store" : "tpu.vector_store";
        name_outputs();  // the old value is not read back on the chip unless used
        line(indent, op + " " + ref + idx + ", " + val + " : " + value_type(r) + ", " + type_of(e.inputs[1]));
        return;
      }
      case Prim::DmaStart:
        line(indent, "tpu.enqueue_dma source(" + ref_of(0) + " : " + type_of(e.inputs[0]) + ") target(" + ref_of(1) +
                         " : " + type_of(e.inputs[1]) + ") target_semaphore(" + ref_of(2) + ")  // completes eagerly in the model");
        return;
      case Prim::DmaWait:
        line(indent, "tpu.wait_dma2 semaphore(" + ref_of(0) + ") dst(" + ref_of(1) + " : " + type_of(e.inputs[1]) + ")");
        return;
      case Prim::SemaphoreSignal:
        line(indent, "tpu.sem_signal " + ref_of(0) + ", " + ref_of(1));
        return;
      case Prim::SemaphoreWait:
        line(indent, "tpu.sem_wait " + ref_of(0) + ", " + ref_of(1));
        return;
      case Prim::Scan: {
        std::vector<std::string> args;
        for (size_t i = 0; i < e.inputs.size(); ++i) args.push_back(ref_of(i));
        std::string iv = fresh();
        // Only fori_loop-like scans get here (the checks refuse the rest); a
        // loop index carry is the scf.for's induction variable.
        bool indexed = scan_has_loop_index(e);
        line(indent, "scf.for " + iv + " = 0 to " + std::to_string(e.params.n) + " step 1 {  // " +
                         std::string(ir::prim_name(e.prim)) + (indexed ? " (fori_loop)" : ""));
        size_t nc = e.params.counts.empty() ? 0 : static_cast<size_t>(e.params.counts[0]);
        std::vector<std::string> inner(args.begin(), args.begin() + static_cast<std::ptrdiff_t>(std::min(nc, args.size())));
        if (indexed) inner.push_back(iv);
        for (size_t i = nc + (indexed ? 1 : 0); i < args.size(); ++i) inner.push_back(args[i]);
        body(*e.params.jaxprs[0], inner, indent + 2, "scf.yield");
        line(indent, "}");
        name_outputs();
        return;
      }
      case Prim::Cond: {
        std::vector<std::string> args;
        for (size_t i = 0; i < e.inputs.size(); ++i) args.push_back(ref_of(i));
        std::vector<std::string> operands(args.begin() + 1, args.end());
        const auto& br = e.params.jaxprs;
        std::string outs = e.outputs.empty() ? "" : name_outputs() + " = ";
        if (br.size() == 2) {  // lax.cond: branches = [false, true]
          line(indent, outs + "scf.if " + args[0] + " {");
          body(*br[1], operands, indent + 2, "scf.yield");
          line(indent, "} else {");
          body(*br[0], operands, indent + 2, "scf.yield");
        } else {
          line(indent, outs + "scf.index_switch " + args[0]);
          for (size_t b = 0; b < br.size(); ++b) {
            line(indent, (b + 1 == br.size() ? "default {" : "case " + std::to_string(b) + " {"));
            body(*br[b], operands, indent + 2, "scf.yield");
            line(indent, "}");
          }
          return;
        }
        line(indent, "}");
        return;
      }
      case Prim::While:
      case Prim::RunScoped:
      case Prim::Pjit: {
        std::vector<std::string> args;
        for (size_t i = 0; i < e.inputs.size(); ++i) args.push_back(ref_of(i));
        const char* what = e.prim == Prim::While ? "scf.while" : e.prim == Prim::RunScoped ? "tpu.region" : "call";
        std::string outs = e.outputs.empty() ? "" : name_outputs() + " = ";
        line(indent, outs + what + " {");
        for (size_t b = 0; b < e.params.jaxprs.size(); ++b) {
          std::vector<std::string> names = args;
          if (e.prim == Prim::RunScoped)
            for (const ir::AVal& a : e.params.allocs) {
              std::string n = fresh();
              line(indent + 2, n + " = memref.alloca() : " + value_type(a) + "  // fresh: stale garbage on the chip");
              names.push_back(n);
            }
          if (e.prim == Prim::While && b == 1) line(indent, "} do {");
          body(*e.params.jaxprs[b], names, indent + 2, e.prim == Prim::While ? (b == 0 ? "scf.condition" : "scf.yield")
                                                       : e.prim == Prim::RunScoped ? "tpu.yield" : "return");
        }
        line(indent, "}");
        return;
      }
      default: break;
    }
    std::string args;
    array::DType in_dtype = array::DType::Float32;
    for (size_t i = 0; i < e.inputs.size(); ++i) {
      args += (i ? ", " : "") + ref_of(i);
      if (i == 0) in_dtype = e.inputs[0].is_literal() ? e.inputs[0].literal.dtype() : j.vars[static_cast<size_t>(e.inputs[0].var)].dtype;
    }
    std::string types;
    for (size_t i = 0; i < e.outputs.size(); ++i) types += (i ? ", " : "") + value_type(j.vars[static_cast<size_t>(e.outputs[i])]);
    std::string attrs;
    if (e.prim == Prim::DotGeneral && e.params.n == 2) attrs = " {precision = #tpu.contract_precision<fp32>}";
    if (e.prim == Prim::DotGeneral && e.params.n != 2) attrs = "  // f32 inputs pass through the MXU as bf16";
    std::string outs = e.outputs.empty() ? "" : name_outputs() + " = ";
    line(indent, outs + op_name(e, in_dtype) + " " + args + " : " + types + attrs);
  }

  std::string& out_;
  int grid_offset_ = 0;
  std::vector<std::pair<size_t, int>>* marks_ = nullptr;
  int source_line_ = 0;  // the Python line of the equation being printed
  int next_ = 0;
};

std::string operand_label(const PallasCall& call, size_t param, const std::string& origin) {
  return param < call.param_names.size() && !call.param_names[param].empty() ? origin + " (" + call.param_names[param] + ")"
                                                                              : origin;
}

}  // namespace

std::string memref_type(const array::Shape& shape, array::DType dtype, ir::MemorySpace space, ir::SemaphoreKind sem) {
  if (sem != ir::SemaphoreKind::None)
    return "memref<" + dims(shape) + (sem == ir::SemaphoreKind::Dma ? "!tpu.dma_semaphore" : "!tpu.semaphore") +
           ", #tpu.memory_space<semaphore_mem>>";
  return "memref<" + dims(shape) + elem(dtype, true) + ", " + space_attr(space) + ">";
}

std::string mosaic_module_text(const PallasCall& call, const ChipGeneration& gen, const Footprint& footprint) {
  return mosaic_module_lines(call, gen, footprint).text;
}

MosaicText mosaic_module_lines(const PallasCall& call, const ChipGeneration& gen, const Footprint& footprint) {
  std::string out;
  std::vector<std::pair<size_t, int>> marks;
  out += "// Rungs chip model output, NOT libtpu's Mosaic compiler: a Mosaic-like module the model writes for " +
         std::string(gen.display) + ",\n// showing the memory spaces, windows, grid and DMAs it simulates.\n";
  size_t np = call.prefetch.size(), ni = call.inputs.size();
  for (size_t j = 0; j < ni + call.outputs.size(); ++j) {
    const BlockMapping& m = j < ni ? call.inputs[j] : call.outputs[j - ni];
    std::string label = operand_label(call, np + j, m.origin);
    if (m.space == ir::MemorySpace::Any || m.space == ir::MemorySpace::TpuHbm) {
      out += "// " + label + ": stays in HBM; the kernel moves it with DMAs\n";
      continue;
    }
    bool single = call.grid.empty() || m.trivial_window() || m.buffer_count == 1;
    std::string space = m.space == ir::MemorySpace::Default ? "vmem" : ir::memory_space_name(m.space);
    out += "// pipeline: " + label + (j < ni ? " HBM -> " : " -> HBM from ") + space + " block " +
           shape_tuple_repr(m.block_shape) + (single ? ", one buffer" : ", " + std::to_string(m.buffer_count) + " buffers") +
           (j < ni ? ": copied in when its block index changes\n" : ": written back when its block index is about to change\n");
  }
  out += "// footprint: " + human_bytes(footprint.vmem) + " vmem, " + human_bytes(footprint.smem) + " smem\n";
  out += "module attributes {stable_mosaic.version = \"rungs-chip-model\"} {\n";
  std::string sig, sep;
  std::vector<std::string> kernel_names;
  int arg = 0;
  for (size_t g = 0; g < call.grid.size(); ++g) {
    sig += sep + "%arg" + std::to_string(arg++) + ": i32";
    sep = ", ";
  }
  for (const ir::AVal& a : call.prefetch) {
    kernel_names.push_back("%arg" + std::to_string(arg));
    sig += sep + "%arg" + std::to_string(arg++) + ": " + memref_type(a.shape, a.dtype, ir::MemorySpace::TpuSmem, a.semaphore);
    sep = ", ";
  }
  for (size_t j = 0; j < ni + call.outputs.size(); ++j) {
    const BlockMapping& m = j < ni ? call.inputs[j] : call.outputs[j - ni];
    kernel_names.push_back("%arg" + std::to_string(arg));
    sig += sep + "%arg" + std::to_string(arg++) + ": " + memref_type(m.block_shape, m.array.dtype, m.space, ir::SemaphoreKind::None);
    sep = ", ";
  }
  for (const ir::AVal& a : call.scratch) {
    kernel_names.push_back("%arg" + std::to_string(arg));
    sig += sep + "%arg" + std::to_string(arg++) + ": " + memref_type(a.shape, a.dtype, a.space, a.semaphore);
    sep = ", ";
  }
  std::string semantics, bounds, windows;
  for (size_t g = 0; g < call.grid.size(); ++g) {
    std::string s = g < call.compiler.dimension_semantics.size() ? call.compiler.dimension_semantics[g] : "arbitrary";
    semantics += (g ? ", " : "") + std::string("#tpu.dimension_semantics<") + s + ">";
    bounds += (g ? ", " : "") + std::to_string(call.grid[g].size);
  }
  for (size_t j = 0; j < ni + call.outputs.size(); ++j) {
    const BlockMapping& m = j < ni ? call.inputs[j] : call.outputs[j - ni];
    windows += j ? ", " : "";
    if (m.space == ir::MemorySpace::Any || m.space == ir::MemorySpace::TpuHbm) {
      windows += "{}";
      continue;
    }
    std::string wb;
    for (size_t d = 0; d < m.block_shape.size(); ++d) wb += (d ? ", " : "") + std::to_string(m.block_shape[d]);
    bool single = m.trivial_window() || m.buffer_count == 1;
    windows += std::string("{") + (single ? "pipeline_mode = #tpu.pipeline_mode<synchronous>, " : "") +
               "transform_indices = @transform_" + std::to_string(j) + ", window_bounds = array<i64: " + wb + ">}";
  }
  out += "  func.func @" + call.kernel_name + "(" + sig + ") attributes {dimension_semantics = [" + semantics +
         "], iteration_bounds = array<i64: " + bounds + ">, scalar_prefetch = " + std::to_string(np) +
         " : i64, scratch_operands = " + std::to_string(call.scratch.size()) +
         " : i64, tpu.core_type = #tpu.core_type<tc>, window_params = [" + (call.grid.empty() ? "" : windows) + "]} {\n";
  BodyPrinter printer(out, call.num_vmapped_dims, &marks);
  printer.body(*call.kernel, kernel_names, 4);
  out += "  }\n";
  if (!call.grid.empty()) {
    for (size_t j = 0; j < ni + call.outputs.size(); ++j) {
      const BlockMapping& m = j < ni ? call.inputs[j] : call.outputs[j - ni];
      if (m.space == ir::MemorySpace::Any || m.space == ir::MemorySpace::TpuHbm || !m.index_map) continue;
      std::string targs, rets;
      std::vector<std::string> names;
      for (size_t i = 0; i < m.index_map->invars.size(); ++i) {
        const ir::AVal& a = m.index_map->vars[static_cast<size_t>(m.index_map->invars[i])];
        targs += (i ? ", " : "") + std::string("%arg") + std::to_string(i) + ": " +
                 (i < call.grid.size() ? std::string("i32") : memref_type(a.shape, a.dtype, ir::MemorySpace::TpuSmem, a.semaphore));
        names.push_back("%arg" + std::to_string(i));
      }
      for (size_t i = 0; i < m.index_map->outvars.size(); ++i) rets += (i ? ", " : "") + std::string("i32");
      out += "  func.func @transform_" + std::to_string(j) + "(" + targs + ") -> (" + rets + ") {\n";
      BodyPrinter tp(out, call.num_vmapped_dims, &marks);
      tp.body(*m.index_map, names, 4);
      out += "  }\n";
    }
  }
  out += "}";
  // One source line per text line (0 where the model wrote the line itself).
  MosaicText result;
  size_t mark = 0, start = 0;
  while (start <= out.size()) {
    size_t end = out.find('\n', start);
    int line = 0;
    while (mark < marks.size() && marks[mark].first < start) ++mark;
    if (mark < marks.size() && marks[mark].first == start) line = marks[mark].second;
    result.source_lines.push_back(line);
    if (end == std::string::npos) break;
    start = end + 1;
  }
  result.text = std::move(out);
  return result;
}

}  // namespace rungs::exec
