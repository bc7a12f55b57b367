// Host numerical kernels behind jnp.linalg's decompositions (see
// linalg_kernels.cpp), given to the Python of jnp_linalg_module.cpp as
// private builtins. Each takes arrays of shape (..., m, n) and works
// matrix by matrix (a jax.vmap batch as one more leading dimension);
// operands traced in a kernel body are refused (jnp_host_only).
#pragma once

#include "core/jax/python_runtime.h"

namespace rungs::jax {

Value linalg_lu(Interpreter& ip, CallArgs& call);        // _lu(a) -> (lu, pivots, permutation)
Value linalg_solve(Interpreter& ip, CallArgs& call);     // _solve(a, b) for b (..., m, k)
Value linalg_cholesky(Interpreter& ip, CallArgs& call);  // _cholesky(a) -> lower factor
Value linalg_qr(Interpreter& ip, CallArgs& call);        // _qr(a, full) -> (q, r)
Value linalg_eigh(Interpreter& ip, CallArgs& call);      // _eigh(a) -> (w, v)
Value linalg_svd(Interpreter& ip, CallArgs& call);       // _svd(a, full) -> (u, s, vh)

}  // namespace rungs::jax
