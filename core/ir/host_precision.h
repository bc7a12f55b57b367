// How the host computes float32 matmuls outside kernels. A CPU host (rungs
// 1-2, JAX's interpret modes) computes them exactly in float32; XLA on a
// TPU host (rung 3) runs them on the MXU at Precision.DEFAULT as one bf16
// pass (inputs rounded to bfloat16, products accumulated in float32), at
// HIGH as three bf16 passes (bf16_3x), at HIGHEST exactly -- the same
// rounding the chip model applies to dots inside kernels, so a kernel's own
// check against `x @ y` compares like with like, as on a real TPU.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/ir/jaxpr.h"

namespace rungs::ir {

enum class HostPlatform : uint8_t { Cpu, Tpu };
// Per engine thread; the runner sets it for each run.
void set_host_platform(HostPlatform p);
HostPlatform host_platform();

// NumPy computes on the host CPU whatever JAX's platform is: its functions
// and operators between NumPy arrays run inside one of these.
class CpuHostScope {
 public:
  CpuHostScope() : saved_(host_platform()) { set_host_platform(HostPlatform::Cpu); }
  ~CpuHostScope() { set_host_platform(saved_); }
  CpuHostScope(const CpuHostScope&) = delete;
  CpuHostScope& operator=(const CpuHostScope&) = delete;

 private:
  HostPlatform saved_;
};

// jax.default_matmul_precision / jax_default_matmul_precision: the
// precision a dot with precision=None gets (0 DEFAULT, 1 HIGH, 2 HIGHEST);
// nullopt: no override.
void set_default_matmul_precision(std::optional<int> precision);
std::optional<int> default_matmul_precision();
// "bfloat16" / "default" -> 0, "tensorfloat32" / "bfloat16_3x" / "high" -> 1,
// "float32" / "highest" -> 2; anything else nullopt.
std::optional<int> parse_matmul_precision(const std::string& name);

// How many host dots rounded float32 inputs to bf16 since the last reset
// (the result document reports it, so compare can say why values differ).
int64_t host_bf16_dots();
void reset_host_bf16_dots();

// dot_general computed on the host as the platform computes it.
std::vector<Array> host_dot_general(const std::vector<Array>& in, const Params& params);

}  // namespace rungs::ir
