#include "core/ir/jaxpr.h"
#include <algorithm>

#include <string>

#include "core/errors/error.h"
#include "core/ir/printer.h"

namespace rungs::ir {

const char* memory_space_name(MemorySpace space) {
  switch (space) {
    case MemorySpace::Default: return "default";
    case MemorySpace::Any: return "any";
    case MemorySpace::Host: return "host";
    case MemorySpace::TpuVmem: return "vmem";
    case MemorySpace::TpuVmemShared: return "vmem_shared";
    case MemorySpace::TpuSmem: return "smem";
    case MemorySpace::TpuCmem: return "cmem";
    case MemorySpace::TpuSemaphore: return "semaphore_mem";
    case MemorySpace::TpuHbm: return "hbm";
    case MemorySpace::GpuGmem: return "gmem";
    case MemorySpace::GpuSmem: return "smem";
    case MemorySpace::GpuTmem: return "tmem";
    case MemorySpace::GpuRegs: return "regs";
  }
  return "?";
}

namespace {
std::string dims(const Shape& shape) {
  std::string s = "[";
  for (size_t i = 0; i < shape.size(); ++i) {
    if (i) s += ",";
    s += std::to_string(shape[i]);
  }
  return s + "]";
}

const char* semaphore_type_name(SemaphoreKind k) {
  switch (k) {
    case SemaphoreKind::Dma: return "dma_sem";
    case SemaphoreKind::Barrier: return "barrier_sem";
    default: return "sem";
  }
}
}  // namespace

std::string aval_str(const AVal& aval) {
  if (aval.is_ref()) {
    std::string space = aval.space == MemorySpace::Default ? "" : std::string("<") + memory_space_name(aval.space) + ">";
    std::string elem = aval.semaphore != SemaphoreKind::None
                           ? std::string(semaphore_type_name(aval.semaphore)) + dims(aval.shape)
                           : std::string(array::dtype_name(aval.dtype)) + dims(aval.shape);
    return "Ref" + space + "{" + elem + "}";
  }
  return std::string(array::dtype_short_name(aval.dtype)) + dims(aval.shape);
}

std::string aval_long_str(const AVal& aval) {
  if (aval.is_ref()) return aval_str(aval);
  return std::string(array::dtype_name(aval.dtype)) + dims(aval.shape);
}

void check_jaxpr(const Jaxpr& jaxpr) {
  std::vector<bool> defined(jaxpr.vars.size(), false);
  auto define = [&](int v, const Eqn* eqn) {
    if (v < 0 || static_cast<size_t>(v) >= defined.size() || defined[static_cast<size_t>(v)])
      raise_here(ErrorId::jaxpr_invalid, "variable bound twice or out of range",
                 eqn ? print_eqn(jaxpr, *eqn) : std::string("(invars)"));
    defined[static_cast<size_t>(v)] = true;
  };
  for (int v : jaxpr.constvars) define(v, nullptr);
  for (int v : jaxpr.invars) define(v, nullptr);
  for (const Eqn& eqn : jaxpr.eqns) {
    for (const Atom& a : eqn.inputs)
      if (!a.is_literal() && (static_cast<size_t>(a.var) >= defined.size() || !defined[static_cast<size_t>(a.var)]))
        raise_here(ErrorId::jaxpr_invalid, "variable used before it is defined", print_eqn(jaxpr, eqn));
    for (const JaxprPtr& sub : eqn.params.jaxprs) check_jaxpr(*sub);
    for (int v : eqn.outputs) define(v, &eqn);
  }
  for (const Atom& a : jaxpr.outvars)
    if (!a.is_literal() && !defined[static_cast<size_t>(a.var)])
      raise_here(ErrorId::jaxpr_invalid, "output variable never defined", std::string("(outvars)"));
}

}  // namespace rungs::ir

namespace rungs::ir {

size_t first_ref_transform(const std::vector<Indexer>& levels, size_t first, size_t count) {
  size_t end = count > levels.size() - std::min(first, levels.size()) ? levels.size() : first + count;
  for (size_t k = first; k < end; ++k)
    if (!levels[k].is_index()) return k;
  return count == SIZE_MAX ? levels.size() : first + count;
}

bool has_ref_transforms(const std::vector<Indexer>& levels, size_t first, size_t count) {
  size_t end = count > levels.size() - std::min(first, levels.size()) ? levels.size() : first + count;
  for (size_t k = first; k < end; ++k)
    if (!levels[k].is_index()) return true;
  return false;
}

}  // namespace rungs::ir
