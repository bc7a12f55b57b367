// jax.numpy functions written in Python over the rest of jnp and lax, the
// way JAX writes them in lax_numpy.py, indexing.py, reductions.py,
// ufuncs.py and linalg.py, one file per concern (each compiled from
// generated source, so its frames stay out of tracebacks and its errors
// point at the caller). Written over jnp/lax primitives, they run eagerly
// on the host and trace into kernels where JAX's do; the few that need
// concrete values (unique, bincount without length=, ravel_multi_index
// with mode='raise') raise JAX's ConcretizationTypeError under a trace.
#pragma once

#include <string>
#include <unordered_map>

#include "core/jax/module_jnp_parts.h"

namespace rungs::jax {

// Compiles `source` as module `dotted` with `names` in scope and copies its
// public definitions onto `target` (a module object).
void merge_generated(Interpreter& ip, const Value& target, const std::string& dotted, const char* source,
                     const std::unordered_map<std::string, Value>& names);
// The names every jnp source sees: jnp, _operator, _jax (jax.lax is
// reached as _jax.lax at call time: importing it while jax.numpy is being
// built would recurse, as jax.lax imports jax.numpy), and _is_traced(x)
// (True for a value of the trace being recorded).
std::unordered_map<std::string, Value> jnp_source_names(Interpreter& ip, const Value& jnp_module);

// _in_kernel(): True while a kernel body is being traced (any trace in the
// stack is a kernel's), so library code can refuse on the chip model what
// Mosaic has no lowering rule for, though it is written as a decomposition.
Value in_kernel_builtin();
// _is_traced(x): True for an array of the trace being recorded (or a vmap batch).
Value is_traced_builtin();

// take, take_along_axis, broadcast_shapes/arrays, divmod, unravel_index,
// ravel_multi_index, meshgrid, select, bincount, unique.
void add_jnp_python_indexing(Interpreter& ip, const Value& jnp_module);
// logaddexp(2), hypot, heaviside, deg2rad/rad2deg, gcd, lcm, vander,
// polyval, kron, cross, interp, piecewise.
void add_jnp_python_math(Interpreter& ip, const Value& jnp_module);
// nan* reductions, quantile/percentile/median (and nan forms), cov, corrcoef.
void add_jnp_python_stats(Interpreter& ip, const Value& jnp_module);
// tri, indices, ix_, logspace, fliplr/flipud/rot90, column_stack, dstack,
// isin, digitize, average, cumulative_sum, nancumsum/nancumprod, copysign,
// fmax/fmin, float_power, sinc.
void add_jnp_python_arrays(Interpreter& ip, const Value& jnp_module);
// jnp.linalg (also importable as jax.numpy.linalg): norm, vector_norm,
// matrix_norm, vecdot, matmul, outer, tensordot, multi_dot, diagonal,
// trace, cross, matrix_transpose.
void add_jnp_linalg_module(Interpreter& ip, const Value& jnp_module);

}  // namespace rungs::jax
