# jnp.linalg's solvers and decompositions on the host, as a numerics test
# harness calls them: inv/solve/det/slogdet on small well-conditioned
# systems, cholesky of an SPD matrix, QR with LAPACK's signs (R's diagonal
# opposite in sign to the column it reflects), eigh/svd checked through
# their reconstructions (eigenvector signs are LAPACK's choice). Values to
# 4 decimals: JAX computes in float32 LAPACK, Rungs in double rounded once.
# Reconstructions multiply at HIGHEST precision (a TPU's default matmul
# rounds to bfloat16, which the chip rung models on the host too).
import jax
import jax.numpy as jnp


def mm(*xs):
    out = xs[0]
    for x in xs[1:]:
        out = jnp.matmul(out, x, precision="highest")
    return out


def r(x):
    return [round(float(v), 4) + 0.0 for v in jnp.ravel(x)]


a = jnp.array([[4.0, 7.0], [2.0, 6.0]])
print(r(jnp.linalg.inv(a)), r(jnp.linalg.det(a)))  # expect: [0.6, -0.7, -0.2, 0.4] [10.0]
print(r(jnp.linalg.solve(a, jnp.array([1.0, 2.0]))), jnp.linalg.solve(a, jnp.ones((2, 3))).shape)  # expect: [-0.8, 0.6] (2, 3)
b = jnp.array([[2.0, -1.0, 0.0], [-1.0, 2.0, -1.0], [0.0, -1.0, 2.0]])
print(r(jnp.linalg.inv(b)))  # expect: [0.75, 0.5, 0.25, 0.5, 1.0, 0.5, 0.25, 0.5, 0.75]
print(r(jnp.linalg.det(b)), r(jnp.linalg.det(jnp.stack([a, 2 * a]))))  # expect: [4.0] [10.0, 40.0]
c = jnp.array([[0.0, 1.0, 0.0, 0.0], [1.0, 0.0, 0.0, 0.0], [0.0, 0.0, 2.0, 0.0], [0.0, 0.0, 0.0, 3.0]])
sign, logdet = jnp.linalg.slogdet(c)
print(float(sign), round(float(logdet), 4), r(jnp.linalg.det(c)))  # expect: -1.0 1.7918 [-6.0]
print(type(jnp.linalg.slogdet(a)).__name__, jnp.linalg.slogdet(a).sign)  # expect: SlogdetResult 1.0
L = jnp.linalg.cholesky(b)
print(r(L))  # expect: [1.4142, 0.0, 0.0, -0.7071, 1.2247, 0.0, 0.0, -0.8165, 1.1547]
print(r(jnp.linalg.cholesky(b, upper=True)[0]), bool(jnp.isnan(jnp.linalg.cholesky(-b)).all()))  # expect: [1.4142, -0.7071, 0.0] True
q, rr = jnp.linalg.qr(jnp.array([[1.0, 2.0], [3.0, 4.0]]))
print(r(q), r(rr))  # expect: [-0.3162, -0.9487, -0.9487, 0.3162] [-3.1623, -4.4272, 0.0, -0.6325]
tall = jnp.arange(12.0).reshape(4, 3) + jnp.eye(4, 3)
q2, r2 = jnp.linalg.qr(tall)
print(q2.shape, r2.shape, jnp.linalg.qr(tall, mode="complete").Q.shape, jnp.linalg.qr(tall, mode="r").shape)  # expect: (4, 3) (3, 3) (4, 4) (3, 3)
print(bool(jnp.allclose(mm(q2, r2), tall, atol=1e-5)), bool(jnp.allclose(mm(q2.T, q2), jnp.eye(3), atol=1e-5)))  # expect: True True
w, v = jnp.linalg.eigh(b)
print(r(w))  # expect: [0.5858, 2.0, 3.4142]
print(bool(jnp.allclose(mm(v, jnp.diag(w), v.T), b, atol=1e-5)), bool(jnp.allclose(mm(v.T, v), jnp.eye(3), atol=1e-5)))  # expect: True True
print(r(jnp.linalg.eigvalsh(jnp.array([[2.0, 1.0], [1.0, 2.0]]))))  # expect: [1.0, 3.0]
m = jnp.array([[3.0, 0.0], [4.0, 5.0]])
u, s, vh = jnp.linalg.svd(m)
print(r(s), bool(jnp.allclose(mm(u, jnp.diag(s), vh), m, atol=1e-5)))  # expect: [6.7082, 2.2361] True
wide = jnp.arange(6.0).reshape(2, 3)
u3, s3, vh3 = jnp.linalg.svd(wide)
print(u3.shape, s3.shape, vh3.shape, jnp.linalg.svd(wide, full_matrices=False).Vh.shape)  # expect: (2, 2) (2,) (3, 3) (2, 3)
print(bool(jnp.allclose(mm(u3 * s3, vh3[:2]), wide, atol=1e-5)), r(jnp.linalg.svd(wide, compute_uv=False)))  # expect: True [7.3485, 1.0]
print(round(float(jnp.linalg.norm(m, 2)), 4), round(float(jnp.linalg.norm(m, "nuc")), 4))  # expect: 6.7082 8.9443
print(int(jnp.linalg.matrix_rank(wide)), r(mm(jnp.linalg.pinv(a), a)))  # expect: 2 [1.0, 0.0, 0.0, 1.0]
print(jnp.linalg.inv(jnp.eye(2, dtype=jnp.int32)).dtype, jnp.linalg.det(jnp.eye(3, dtype=jnp.int32)))  # expect: float32 1.0
fit = jnp.array([[1.0, 1.0], [1.0, 2.0], [1.0, 3.0]])
coef, resid, rank, sv = jnp.linalg.lstsq(fit, jnp.array([1.0, 2.0, 2.0]))
print(r(coef), r(resid), int(rank), sv.shape)  # expect: [0.6667, 0.5] [0.1667] 2 (2,)
shear = jnp.array([[1.0, 1.0], [0.0, 1.0]])
print(jnp.linalg.matrix_power(shear, 5).tolist(), jnp.linalg.matrix_power(shear, -2).tolist())  # expect: [[1.0, 5.0], [0.0, 1.0]] [[1.0, -2.0], [0.0, 1.0]]
