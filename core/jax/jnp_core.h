// The numpy-level layer between Python values and lax primitives, the way
// jax.numpy sits on jax.lax: dtype promotion (with weak types), NumPy
// broadcasting made explicit with broadcast_in_dim, and decompositions of
// ops lax lacks (floor_divide, remainder, true_divide on ints). Every
// function works on ir::Operands, so it computes eagerly on host arrays and
// records equations while a kernel is being traced, with one code path.
#pragma once

#include <optional>
#include <vector>

#include "core/ir/trace.h"

namespace rungs::jax {

using array::DType;
using array::Shape;
using ir::Operand;
using ir::Prim;

// A rank-0 constant (literal when used inside a trace).
Operand scalar(DType dtype, double value, bool weak = false);
Operand scalar_int(DType dtype, int64_t value, bool weak = false);
Operand scalar_bool(bool value);

// lax.convert_element_type, skipped when nothing changes.
Operand convert(const Operand& x, DType dtype, bool weak = false);
// Result type of combining operands (jnp.result_type with weak types).
array::PromotedType result_type(const std::vector<Operand>& xs);
// Convert every operand to their common type.
std::vector<Operand> promote(const std::vector<Operand>& xs);
// NumPy broadcasting via broadcast_in_dim (rank-0 operands stay scalars).
Operand broadcast_to(const Operand& x, const Shape& shape);
std::vector<Operand> broadcast_together(const std::vector<Operand>& xs);

// Elementwise ops with promotion and broadcasting.
Operand binary(Prim prim, const Operand& a, const Operand& b);
Operand unary(Prim prim, const Operand& x);
Operand compare(Prim prim, const Operand& a, const Operand& b);
Operand true_divide(const Operand& a, const Operand& b);
Operand floor_divide(const Operand& a, const Operand& b);
Operand remainder(const Operand& a, const Operand& b);
Operand power(const Operand& a, const Operand& b, std::optional<int64_t> static_int_exponent);
Operand where(const Operand& cond, const Operand& x, const Operand& y);
Operand logical_not(const Operand& x);
// Float ops on ints convert to the default float first (jnp.exp(int) -> f32).
Operand float_unary(Prim prim, const Operand& x);

// Shapes.
Operand reshape(const Operand& x, const Shape& shape);
Operand transpose(const Operand& x, const std::vector<int64_t>& perm);
Operand expand_dims(const Operand& x, std::vector<int64_t> axes);
Operand squeeze(const Operand& x, std::vector<int64_t> axes);
Operand concatenate(const std::vector<Operand>& xs, int64_t axis);
Operand full(const Shape& shape, const Operand& fill, DType dtype);
Operand iota(DType dtype, const Shape& shape, int64_t dimension);
Operand slice(const Operand& x, const std::vector<int64_t>& starts,
              const std::vector<int64_t>& limits, const std::vector<int64_t>& strides);

// Reductions: axes empty + all_axes means every axis.
Operand reduce(Prim prim, const Operand& x, std::optional<std::vector<int64_t>> axes, bool keepdims);
Operand sum(const Operand& x, std::optional<std::vector<int64_t>> axes, bool keepdims,
            std::optional<DType> dtype = std::nullopt);
Operand mean(const Operand& x, std::optional<std::vector<int64_t>> axes, bool keepdims);
Operand argminmax(Prim prim, const Operand& x, std::optional<int64_t> axis, bool keepdims);

// jnp.matmul / jnp.dot / @ with the dot_general JAX emits.
Operand matmul(const Operand& a, const Operand& b, std::optional<DType> preferred = std::nullopt,
               int precision = 0);
Operand dot(const Operand& a, const Operand& b, std::optional<DType> preferred = std::nullopt,
            int precision = 0);

// Axis helpers (negative axes, range checks with NumPy's error).
int64_t normalize_axis(int64_t axis, int64_t rank);

}  // namespace rungs::jax
