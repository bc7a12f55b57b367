# jnp.linalg over stacks of matrices, as a batched solver harness calls
# it: leading dimensions broadcast (solve's right-hand sides against one
# matrix), det/slogdet per matrix, cholesky/eigh/qr/svd matrix by matrix,
# and results that agree with the unbatched calls.
import jax
import jax.numpy as jnp


def r(x):
    return [round(float(v), 4) + 0.0 for v in jnp.ravel(x)]


spd = jnp.array([[[4.0, 2.0], [2.0, 3.0]], [[2.0, -1.0], [-1.0, 2.0]], [[9.0, 0.0], [0.0, 1.0]]])
print(r(jnp.linalg.det(spd)), jnp.linalg.inv(spd).shape)  # expect: [8.0, 3.0, 9.0] (3, 2, 2)
rhs = jnp.array([[1.0, 0.0], [0.0, 1.0], [3.0, 2.0]])
x = jnp.linalg.solve(spd, rhs[..., None])[..., 0]
print(r(x))  # expect: [0.375, -0.25, 0.3333, 0.6667, 0.3333, 2.0]
print(jnp.linalg.solve(spd, jnp.ones((2, 5))).shape, jnp.linalg.solve(spd[0], jnp.ones((4, 2, 1))).shape)  # expect: (3, 2, 5) (4, 2, 1)
sign, logdet = jnp.linalg.slogdet(jnp.concatenate([spd, -spd[:1]]))
print(r(sign), r(logdet))  # expect: [1.0, 1.0, 1.0, 1.0] [2.0794, 1.0986, 2.1972, 2.0794]
L = jnp.linalg.cholesky(spd)
print(L.shape, r(L[2]), bool(jnp.allclose(L[1], jnp.linalg.cholesky(spd[1]))))  # expect: (3, 2, 2) [3.0, 0.0, 0.0, 1.0] True
w, v = jnp.linalg.eigh(spd)
print(r(w))  # expect: [1.4384, 5.5616, 1.0, 3.0, 1.0, 9.0]
q, rr = jnp.linalg.qr(spd)
print(q.shape, rr.shape, bool(jnp.allclose(jnp.matmul(q, rr, precision="highest"), spd, atol=1e-5)))  # expect: (3, 2, 2) (3, 2, 2) True
print(r(jnp.linalg.svd(spd, compute_uv=False)), r(jnp.linalg.norm(spd, 2, axis=(1, 2))))  # expect: [5.5616, 1.4384, 3.0, 1.0, 9.0, 1.0] [5.5616, 3.0, 9.0]
# Under jax.vmap the batch is one more leading dimension (lax.linalg's
# batching rules), unbatched operands shared by every example.
print(r(jax.vmap(jnp.linalg.det)(spd)), r(jax.vmap(jnp.linalg.inv)(spd)[1]))  # expect: [8.0, 3.0, 9.0] [0.6667, 0.3333, 0.3333, 0.6667]
print(r(jax.vmap(jnp.linalg.solve, in_axes=(0, None))(spd, jnp.array([1.0, 1.0]))))  # expect: [0.125, 0.25, 1.0, 1.0, 0.1111, 1.0]
print(r(jax.vmap(jnp.linalg.solve, in_axes=(None, 0))(spd[0], rhs)))  # expect: [0.375, -0.25, -0.25, 0.5, 0.625, 0.25]
print(r(jax.vmap(lambda m: jnp.linalg.eigh(m).eigenvalues)(spd)), jax.vmap(jnp.linalg.cholesky)(spd).shape)  # expect: [1.4384, 5.5616, 1.0, 3.0, 1.0, 9.0] (3, 2, 2)
# jax.random.orthogonal: QR of a normal draw, Q's columns signed by R's
# diagonal (so independent of the QR's sign convention); m != n gives
# orthonormal rows.
q = jax.random.orthogonal(jax.random.key(0), 4)
print(q.shape, bool(jnp.allclose(jnp.matmul(q, q.T, precision="highest"), jnp.eye(4), atol=1e-5)))  # expect: (4, 4) True
z = jax.random.normal(jax.random.key(0), (4, 4))
qz, rz = jnp.linalg.qr(z)
print(bool(jnp.allclose(q, qz * jnp.sign(jnp.diagonal(rz)), atol=1e-6)), jax.random.orthogonal(jax.random.key(1), 3, (2,), m=5).shape)  # expect: True (2, 3, 5)
