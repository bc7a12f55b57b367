#include "core/ir/host_precision.h"

#include "core/array/ops.h"
#include "core/ir/rules.h"

namespace rungs::ir {

namespace {
thread_local HostPlatform g_platform = HostPlatform::Cpu;
thread_local std::optional<int> g_default_precision;
thread_local int64_t g_bf16_dots = 0;

Array to_bf16_and_back(const Array& a) {
  return array::convert(array::convert(a, array::DType::BFloat16), array::DType::Float32);
}
}  // namespace

void set_host_platform(HostPlatform p) { g_platform = p; }
int64_t host_bf16_dots() { return g_bf16_dots; }
void reset_host_bf16_dots() { g_bf16_dots = 0; }
HostPlatform host_platform() { return g_platform; }
void set_default_matmul_precision(std::optional<int> precision) { g_default_precision = precision; }
std::optional<int> default_matmul_precision() { return g_default_precision; }

std::optional<int> parse_matmul_precision(const std::string& name) {
  if (name == "bfloat16" || name == "default" || name == "DEFAULT") return 0;
  if (name == "tensorfloat32" || name == "bfloat16_3x" || name == "high" || name == "HIGH") return 1;
  if (name == "float32" || name == "highest" || name == "HIGHEST") return 2;
  return std::nullopt;
}

std::vector<Array> host_dot_general(const std::vector<Array>& in, const Params& params) {
  bool f32 = in.size() == 2 && in[0].dtype() == array::DType::Float32 && in[1].dtype() == array::DType::Float32;
  int precision = params.n;
  if (precision == 0 && g_default_precision) precision = *g_default_precision;
  if (g_platform == HostPlatform::Cpu || !f32 || precision == 2) return apply_pure(Prim::DotGeneral, in, params);
  ++g_bf16_dots;
  Array a_hi = to_bf16_and_back(in[0]), b_hi = to_bf16_and_back(in[1]);
  std::vector<Array> out = apply_pure(Prim::DotGeneral, {a_hi, b_hi}, params);
  if (precision == 0) return out;
  // bf16_3x: each operand split into a bf16 head and a bf16 tail; the
  // tail x tail product is the one pass XLA leaves out.
  Array a_lo = to_bf16_and_back(array::binary(array::BinaryOp::Sub, in[0], a_hi));
  Array b_lo = to_bf16_and_back(array::binary(array::BinaryOp::Sub, in[1], b_hi));
  Array cross1 = apply_pure(Prim::DotGeneral, {a_hi, b_lo}, params)[0];
  Array cross2 = apply_pure(Prim::DotGeneral, {a_lo, b_hi}, params)[0];
  out[0] = array::binary(array::BinaryOp::Add, array::binary(array::BinaryOp::Add, cross1, cross2), out[0]);
  return out;
}

}  // namespace rungs::ir
