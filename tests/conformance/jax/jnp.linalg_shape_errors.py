# jnp.linalg's refusals of wrongly shaped inputs, in JAX's words: each
# function's own check (inv, det, slogdet, solve) or its lax.linalg shape
# rule (cholesky, qr, eigh, svd), after lax.linalg's symmetrization when
# that is on (the default).
import jax.numpy as jnp


def show(f):
    try:
        f()
    except (ValueError, TypeError) as e:
        print(type(e).__name__ + ": " + str(e))


show(lambda: jnp.linalg.inv(jnp.ones((2, 3))))  # expect: ValueError: Argument to inv must have shape [..., n, n], got (2, 3).
show(lambda: jnp.linalg.det(jnp.ones(3)))  # expect: ValueError: Argument to _det() must have shape [..., n, n], got (3,)
show(lambda: jnp.linalg.slogdet(jnp.ones((3, 2))))  # expect: ValueError: Argument to slogdet() must have shape [..., n, n], got (3, 2)
show(lambda: jnp.linalg.solve(jnp.ones(3), jnp.ones(3)))  # expect: ValueError: left hand array must be at least two dimensional; got a.shape=(3,)
show(lambda: jnp.linalg.solve(jnp.eye(3), jnp.ones(4)))  # expect: ValueError: inconsistent size for core dimension 'm': 4 vs 3 on vectorized function with excluded=frozenset() and signature='(m,m),(m)->(m)'
show(lambda: jnp.linalg.cholesky(jnp.ones(3)))  # expect: ValueError: x must be at least two-dimensional for matrix_transpose; got ndim=1
show(lambda: jnp.linalg.cholesky(jnp.ones((2, 3))))  # expect: ValueError: Incompatible shapes for broadcasting: shapes=[(2, 3), (3, 2)]
show(lambda: jnp.linalg.cholesky(jnp.ones((2, 3)), symmetrize_input=False))  # expect: ValueError: The input to cholesky must be a square matrix. Got shape (2, 3).
show(lambda: jnp.linalg.eigh(jnp.ones((2, 3)), symmetrize_input=False))  # expect: ValueError: Argument to symmetric eigendecomposition must have shape [..., n, n], got shape (2, 3)
show(lambda: jnp.linalg.eigh(jnp.eye(2), UPLO="X"))  # expect: ValueError: UPLO must be one of None, 'L', or 'U', got X
show(lambda: jnp.linalg.svd(jnp.ones(4)))  # expect: TypeError: Input 0 to svd must have rank at least 2, but got shape=(4,)
show(lambda: jnp.linalg.slogdet(jnp.eye(2), method="cholesky"))  # expect: ValueError: Unknown slogdet method 'cholesky'. Supported methods are 'lu' (`None`), and 'qr'.
show(lambda: jnp.linalg.matrix_power(jnp.ones((2, 3)), 2))  # expect: TypeError: Last 2 dimensions of the array must be square
show(lambda: jnp.linalg.matrix_power(jnp.eye(2), 1.5))  # expect: TypeError: exponent must be an integer, got 1.5
show(lambda: jnp.linalg.lstsq(jnp.ones((3, 2)), jnp.ones(4)))  # expect: ValueError: Leading dimensions of input arrays must match
jnp.linalg.qr(jnp.eye(2), mode="economic")  # expect error: ValueError: Unsupported QR decomposition mode 'economic'
