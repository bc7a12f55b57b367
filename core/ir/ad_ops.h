// lax-style helpers over Operands for the differentiation rules: each one
// binds a primitive, so the same rule computes eagerly on the host, records
// equations inside a trace (a kernel body, a JVP jaxpr), and is itself
// recorded on any enclosing tape -- which is what makes second-order
// derivatives (grad of grad, jax.hessian) fall out of first-order rules.
#pragma once

#include <vector>

#include "core/ir/trace.h"

namespace rungs::ir::ad {

Operand scalar(DType dtype, double v);              // a rank-0 constant (a literal in traces)
Operand full(const AVal& like, double v);           // broadcast of a scalar (no array constant)
inline Operand zeros(const AVal& like) { return full(like, 0.0); }
Operand zeros_like(const Operand& x);

Operand add(const Operand& a, const Operand& b);
Operand sub(const Operand& a, const Operand& b);
Operand mul(const Operand& a, const Operand& b);
Operand div(const Operand& a, const Operand& b);
Operand neg(const Operand& a);
Operand unary(Prim p, const Operand& a);
Operand binary(Prim p, const Operand& a, const Operand& b);
Operand times(const Operand& a, double v);         // a * v (v in a's dtype)
Operand plus(const Operand& a, double v);          // a + v
Operand rsub(double v, const Operand& a);          // v - a
Operand select(const Operand& pred, const Operand& on_true, const Operand& on_false);
Operand convert(const Operand& x, DType dtype);
Operand as_float_of(const Operand& pred, const Operand& like);  // bool -> like's dtype

Operand reshape(const Operand& x, const Shape& shape);
Operand broadcast_in_dim(const Operand& x, const Shape& shape, const std::vector<int64_t>& dims);
Operand broadcast_to(const Operand& x, const Shape& shape);  // numpy-style, trailing alignment
Operand reduce_sum(const Operand& x, const std::vector<int64_t>& axes);
Operand transpose(const Operand& x, const std::vector<int64_t>& perm);
Operand pad(const Operand& x, const std::vector<int64_t>& lo, const std::vector<int64_t>& hi,
            const std::vector<int64_t>& interior);
Operand slice(const Operand& x, const std::vector<int64_t>& starts, const std::vector<int64_t>& limits,
              const std::vector<int64_t>& strides = {});
Operand rev(const Operand& x, const std::vector<int64_t>& axes);

// A cotangent brought back to the type of the value it belongs to: summed
// down from a broadcast shape, converted to its dtype.
Operand fit(const Operand& ct, const AVal& like);

bool is_float(const Operand& x);

}  // namespace rungs::ir::ad
