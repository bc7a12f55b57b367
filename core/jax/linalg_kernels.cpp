// The numerical cores of jnp.linalg's decompositions, on host arrays:
// LU with partial pivoting (getrf), triangular solves, Cholesky (potrf),
// Householder QR (geqrf + orgqr), the symmetric eigenproblem (cyclic
// Jacobi) and the SVD (one-sided Jacobi). jnp_linalg_module.cpp's Python
// wraps them as linalg.py does (shape checks, promotion, result tuples).
//
// JAX on a CPU calls LAPACK in float32; these compute in double and round
// once to the array's dtype, so values agree with JAX's to float32's last
// digits (well-conditioned inputs), not bit for bit. Where LAPACK's
// conventions are deterministic they are kept: getrf's pivots (first
// largest |value|), geqrf's R diagonal (sign opposite to the column's
// leading entry), potrf's failure (the whole factor NaN, as JAX masks it).
// Eigenvector and singular-vector signs are not fixed by LAPACK's contract;
// here each vector's largest-magnitude component is made positive.
#include "core/jax/linalg_kernels.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include "core/ir/batching.h"
#include "core/jax/module_jnp_parts.h"

namespace rungs::jax {

namespace {

using Mat = std::vector<double>;  // row-major m x n

struct Batch {
  Shape lead;  // batch dims
  int64_t m = 0, n = 0, count = 1;
};

Batch batch_of(const array::Array& a) {
  Batch b;
  const Shape& s = a.shape();
  b.lead.assign(s.begin(), s.end() - 2);
  b.m = s[s.size() - 2];
  b.n = s.back();
  for (int64_t d : b.lead) b.count *= d;
  return b;
}

Mat matrix(const array::Array& a, int64_t i, int64_t m, int64_t n) {
  Mat out(static_cast<size_t>(m * n));
  for (int64_t k = 0; k < m * n; ++k) out[static_cast<size_t>(k)] = a.get_double(i * m * n + k);
  return out;
}

Shape with(Shape lead, std::initializer_list<int64_t> tail) {
  lead.insert(lead.end(), tail);
  return lead;
}

array::Array pack(DType t, const Shape& shape, const std::vector<double>& data) {
  return array::Array::from_doubles(t, shape, data);
}

// getrf: LU in place, partial pivoting; piv[k] is the row swapped with k.
void lu_in_place(Mat& a, int64_t m, int64_t n, std::vector<int64_t>& piv) {
  int64_t k_max = std::min(m, n);
  piv.assign(static_cast<size_t>(k_max), 0);
  auto at = [&](int64_t r, int64_t c) -> double& { return a[static_cast<size_t>(r * n + c)]; };
  for (int64_t k = 0; k < k_max; ++k) {
    int64_t p = k;
    for (int64_t r = k + 1; r < m; ++r)
      if (std::fabs(at(r, k)) > std::fabs(at(p, k))) p = r;
    piv[static_cast<size_t>(k)] = p;
    if (p != k)
      for (int64_t c = 0; c < n; ++c) std::swap(at(k, c), at(p, c));
    if (at(k, k) == 0.0) continue;  // singular: LAPACK leaves the column
    for (int64_t r = k + 1; r < m; ++r) {
      at(r, k) /= at(k, k);
      for (int64_t c = k + 1; c < n; ++c) at(r, c) -= at(r, k) * at(k, c);
    }
  }
}

// Solve A x = b for a square A (LU) and b with k columns.
Mat lu_solve(Mat a, int64_t m, Mat b, int64_t k) {
  std::vector<int64_t> piv;
  lu_in_place(a, m, m, piv);
  auto B = [&](int64_t r, int64_t c) -> double& { return b[static_cast<size_t>(r * k + c)]; };
  for (int64_t i = 0; i < m; ++i)
    if (piv[static_cast<size_t>(i)] != i)
      for (int64_t c = 0; c < k; ++c) std::swap(B(i, c), B(piv[static_cast<size_t>(i)], c));
  for (int64_t c = 0; c < k; ++c) {
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < i; ++j) B(i, c) -= a[static_cast<size_t>(i * m + j)] * B(j, c);
    for (int64_t i = m - 1; i >= 0; --i) {
      for (int64_t j = i + 1; j < m; ++j) B(i, c) -= a[static_cast<size_t>(i * m + j)] * B(j, c);
      B(i, c) /= a[static_cast<size_t>(i * m + i)];
    }
  }
  return b;
}

// potrf (lower); false when the matrix is not positive definite.
bool cholesky(Mat& a, int64_t n) {
  auto at = [&](int64_t r, int64_t c) -> double& { return a[static_cast<size_t>(r * n + c)]; };
  for (int64_t j = 0; j < n; ++j) {
    double d = at(j, j);
    for (int64_t k = 0; k < j; ++k) d -= at(j, k) * at(j, k);
    if (!(d > 0.0)) return false;
    at(j, j) = std::sqrt(d);
    for (int64_t i = j + 1; i < n; ++i) {
      double s = at(i, j);
      for (int64_t k = 0; k < j; ++k) s -= at(i, k) * at(j, k);
      at(i, j) = s / at(j, j);
    }
    for (int64_t c = j + 1; c < n; ++c) at(j, c) = 0.0;
  }
  return true;
}

// Householder QR: q (m x qc) and r (qc x n), qc = m if full else min(m, n).
void householder_qr(const Mat& a0, int64_t m, int64_t n, bool full, Mat& q, Mat& r) {
  Mat a = a0;
  int64_t k_max = std::min(m, n), qc = full ? m : k_max;
  std::vector<Mat> vs;
  std::vector<double> taus;
  for (int64_t k = 0; k < k_max; ++k) {
    double alpha = a[static_cast<size_t>(k * n + k)], norm2 = 0;
    for (int64_t i = k + 1; i < m; ++i) norm2 += a[static_cast<size_t>(i * n + k)] * a[static_cast<size_t>(i * n + k)];
    Mat v(static_cast<size_t>(m), 0.0);
    double tau = 0.0;
    if (norm2 != 0.0) {  // dlarfg: beta = -sign(alpha) * ||x||
      double beta = -std::copysign(std::sqrt(alpha * alpha + norm2), alpha);
      tau = (beta - alpha) / beta;
      v[static_cast<size_t>(k)] = 1.0;
      for (int64_t i = k + 1; i < m; ++i) v[static_cast<size_t>(i)] = a[static_cast<size_t>(i * n + k)] / (alpha - beta);
      for (int64_t c = k; c < n; ++c) {
        double s = 0;
        for (int64_t i = k; i < m; ++i) s += v[static_cast<size_t>(i)] * a[static_cast<size_t>(i * n + c)];
        for (int64_t i = k; i < m; ++i) a[static_cast<size_t>(i * n + c)] -= tau * v[static_cast<size_t>(i)] * s;
      }
    }
    vs.push_back(std::move(v));
    taus.push_back(tau);
  }
  r.assign(static_cast<size_t>(qc * n), 0.0);
  for (int64_t i = 0; i < qc && i < m; ++i)
    for (int64_t c = i; c < n; ++c) r[static_cast<size_t>(i * n + c)] = a[static_cast<size_t>(i * n + c)];
  q.assign(static_cast<size_t>(m * qc), 0.0);
  for (int64_t i = 0; i < std::min(m, qc); ++i) q[static_cast<size_t>(i * qc + i)] = 1.0;
  for (int64_t k = k_max - 1; k >= 0; --k) {  // orgqr: apply H_k in reverse
    const Mat& v = vs[static_cast<size_t>(k)];
    double tau = taus[static_cast<size_t>(k)];
    if (tau == 0.0) continue;
    for (int64_t c = 0; c < qc; ++c) {
      double s = 0;
      for (int64_t i = k; i < m; ++i) s += v[static_cast<size_t>(i)] * q[static_cast<size_t>(i * qc + c)];
      for (int64_t i = k; i < m; ++i) q[static_cast<size_t>(i * qc + c)] -= tau * v[static_cast<size_t>(i)] * s;
    }
  }
}

// The largest-|x| entry of column c (of a rows x cols matrix) made positive.
void fix_sign(Mat& v, int64_t rows, int64_t cols, int64_t c) {
  int64_t best = 0;
  for (int64_t i = 1; i < rows; ++i)
    if (std::fabs(v[static_cast<size_t>(i * cols + c)]) > std::fabs(v[static_cast<size_t>(best * cols + c)])) best = i;
  if (v[static_cast<size_t>(best * cols + c)] >= 0) return;
  for (int64_t i = 0; i < rows; ++i) v[static_cast<size_t>(i * cols + c)] = -v[static_cast<size_t>(i * cols + c)];
}

// Cyclic Jacobi on a symmetric n x n matrix: eigenvalues ascending, vectors
// as columns.
void jacobi_eigh(Mat a, int64_t n, std::vector<double>& w, Mat& v) {
  auto A = [&](int64_t r, int64_t c) -> double& { return a[static_cast<size_t>(r * n + c)]; };
  Mat vv(static_cast<size_t>(n * n), 0.0);
  for (int64_t i = 0; i < n; ++i) vv[static_cast<size_t>(i * n + i)] = 1.0;
  for (int sweep = 0; sweep < 100; ++sweep) {
    double off = 0;
    for (int64_t p = 0; p < n; ++p)
      for (int64_t q = p + 1; q < n; ++q) off += A(p, q) * A(p, q);
    if (off < 1e-300) break;
    for (int64_t p = 0; p < n; ++p)
      for (int64_t q = p + 1; q < n; ++q) {
        if (A(p, q) == 0.0) continue;
        double theta = (A(q, q) - A(p, p)) / (2 * A(p, q));
        double t = std::copysign(1.0, theta) / (std::fabs(theta) + std::sqrt(theta * theta + 1));
        double c = 1 / std::sqrt(t * t + 1), s = t * c;
        for (int64_t k = 0; k < n; ++k) {
          double akp = A(k, p), akq = A(k, q);
          A(k, p) = c * akp - s * akq;
          A(k, q) = s * akp + c * akq;
        }
        for (int64_t k = 0; k < n; ++k) {
          double apk = A(p, k), aqk = A(q, k);
          A(p, k) = c * apk - s * aqk;
          A(q, k) = s * apk + c * aqk;
        }
        for (int64_t k = 0; k < n; ++k) {
          double vkp = vv[static_cast<size_t>(k * n + p)], vkq = vv[static_cast<size_t>(k * n + q)];
          vv[static_cast<size_t>(k * n + p)] = c * vkp - s * vkq;
          vv[static_cast<size_t>(k * n + q)] = s * vkp + c * vkq;
        }
      }
  }
  std::vector<int64_t> order(static_cast<size_t>(n));
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int64_t x, int64_t y) { return A(x, x) < A(y, y); });
  w.clear();
  v.assign(static_cast<size_t>(n * n), 0.0);
  for (int64_t j = 0; j < n; ++j) {
    int64_t src = order[static_cast<size_t>(j)];
    w.push_back(A(src, src));
    for (int64_t i = 0; i < n; ++i) v[static_cast<size_t>(i * n + j)] = vv[static_cast<size_t>(i * n + src)];
    fix_sign(v, n, n, j);
  }
}

// Columns of u (rows x cols) past `have` completed to an orthonormal set.
void complete_basis(Mat& u, int64_t rows, int64_t cols, int64_t have) {
  auto U = [&](int64_t r, int64_t c) -> double& { return u[static_cast<size_t>(r * cols + c)]; };
  int64_t next = 0;
  for (int64_t c = have; c < cols; ++c) {
    for (; next < rows; ++next) {
      std::vector<double> e(static_cast<size_t>(rows), 0.0);
      e[static_cast<size_t>(next)] = 1.0;
      for (int pass = 0; pass < 2; ++pass)
        for (int64_t j = 0; j < c; ++j) {
          double d = 0;
          for (int64_t r = 0; r < rows; ++r) d += U(r, j) * e[static_cast<size_t>(r)];
          for (int64_t r = 0; r < rows; ++r) e[static_cast<size_t>(r)] -= d * U(r, j);
        }
      double nrm = 0;
      for (double x : e) nrm += x * x;
      if (nrm < 0.25) continue;
      for (int64_t r = 0; r < rows; ++r) U(r, c) = e[static_cast<size_t>(r)] / std::sqrt(nrm);
      ++next;
      break;
    }
  }
}

// One-sided Jacobi SVD of a (m x n, m >= n): u (m x uc), s (n), vh (n x n).
void svd_tall(Mat w, int64_t m, int64_t n, bool full, Mat& u, Mat& s, Mat& vh) {
  auto W = [&](int64_t r, int64_t c) -> double& { return w[static_cast<size_t>(r * n + c)]; };
  Mat v(static_cast<size_t>(n * n), 0.0);
  for (int64_t i = 0; i < n; ++i) v[static_cast<size_t>(i * n + i)] = 1.0;
  for (int sweep = 0; sweep < 100; ++sweep) {
    bool rotated = false;
    for (int64_t p = 0; p < n; ++p)
      for (int64_t q = p + 1; q < n; ++q) {
        double alpha = 0, beta = 0, gamma = 0;
        for (int64_t r = 0; r < m; ++r) {
          alpha += W(r, p) * W(r, p);
          beta += W(r, q) * W(r, q);
          gamma += W(r, p) * W(r, q);
        }
        if (std::fabs(gamma) <= 1e-15 * std::sqrt(alpha * beta) || gamma == 0.0) continue;
        rotated = true;
        double zeta = (beta - alpha) / (2 * gamma);
        double t = std::copysign(1.0, zeta) / (std::fabs(zeta) + std::sqrt(1 + zeta * zeta));
        double c = 1 / std::sqrt(1 + t * t), sn = c * t;
        for (int64_t r = 0; r < m; ++r) {
          double x = W(r, p), y = W(r, q);
          W(r, p) = c * x - sn * y;
          W(r, q) = sn * x + c * y;
        }
        for (int64_t r = 0; r < n; ++r) {
          double x = v[static_cast<size_t>(r * n + p)], y = v[static_cast<size_t>(r * n + q)];
          v[static_cast<size_t>(r * n + p)] = c * x - sn * y;
          v[static_cast<size_t>(r * n + q)] = sn * x + c * y;
        }
      }
    if (!rotated) break;
  }
  std::vector<double> norms(static_cast<size_t>(n));
  for (int64_t j = 0; j < n; ++j) {
    double t = 0;
    for (int64_t r = 0; r < m; ++r) t += W(r, j) * W(r, j);
    norms[static_cast<size_t>(j)] = std::sqrt(t);
  }
  std::vector<int64_t> order(static_cast<size_t>(n));
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](int64_t x, int64_t y) { return norms[static_cast<size_t>(x)] > norms[static_cast<size_t>(y)]; });
  int64_t uc = full ? m : n;
  u.assign(static_cast<size_t>(m * uc), 0.0);
  s.clear();
  vh.assign(static_cast<size_t>(n * n), 0.0);
  double tiny = (norms.empty() ? 0.0 : norms[static_cast<size_t>(order[0])]) * 1e-13;
  int64_t have = 0;
  for (int64_t j = 0; j < n; ++j) {
    int64_t src = order[static_cast<size_t>(j)];
    double sj = norms[static_cast<size_t>(src)];
    s.push_back(sj);
    for (int64_t r = 0; r < n; ++r) vh[static_cast<size_t>(j * n + r)] = v[static_cast<size_t>(r * n + src)];
    if (sj > tiny && sj > 0) {
      for (int64_t r = 0; r < m; ++r) u[static_cast<size_t>(r * uc + j)] = W(r, src) / sj;
      have = j + 1;
    }
  }
  complete_basis(u, m, uc, have);
  for (int64_t j = 0; j < n; ++j) {  // sign: vh's row j (as a column of v) has its largest entry positive
    Mat col(static_cast<size_t>(n));
    for (int64_t r = 0; r < n; ++r) col[static_cast<size_t>(r)] = vh[static_cast<size_t>(j * n + r)];
    int64_t best = 0;
    for (int64_t r = 1; r < n; ++r)
      if (std::fabs(col[static_cast<size_t>(r)]) > std::fabs(col[static_cast<size_t>(best)])) best = r;
    if (col[static_cast<size_t>(best)] >= 0) continue;
    for (int64_t r = 0; r < n; ++r) vh[static_cast<size_t>(j * n + r)] *= -1;
    for (int64_t r = 0; r < m; ++r) u[static_cast<size_t>(r * uc + j)] *= -1;
  }
}

Mat transposed(const Mat& a, int64_t rows, int64_t cols) {
  Mat t(a.size());
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t c = 0; c < cols; ++c) t[static_cast<size_t>(c * rows + r)] = a[static_cast<size_t>(r * cols + c)];
  return t;
}

// u (m x (full ? m : k)), s (k), vh ((full ? n : k) x n).
void svd_one(const Mat& a, int64_t m, int64_t n, bool full, Mat& u, Mat& s, Mat& vh) {
  if (m >= n) {
    svd_tall(a, m, n, full, u, s, vh);
    return;
  }
  Mat u2, vh2;  // aᵀ = u2 s vh2, so a = vh2ᵀ s u2ᵀ
  svd_tall(transposed(a, m, n), n, m, full, u2, s, vh2);
  int64_t u2c = full ? n : m;
  u = transposed(vh2, m, m);
  vh = transposed(u2, n, u2c);
}

// The host arrays of a call's first n arguments. Under jax.vmap (on the
// host) the batched ones are stacked with the batch axis in front (the
// unbatched broadcast to it): every kernel here works matrix by matrix
// over leading dimensions, so that is the batching rule, and results are
// batched at axis 0. Traced operands (kernel bodies) are refused.
struct HostCall {
  std::vector<array::Array> args;
  ir::BatchFramePtr frame;

  HostCall(Interpreter& ip, const CallArgs& call, size_t n, const char* what) {
    std::vector<Operand> ops;
    for (size_t i = 0; i < n; ++i) ops.push_back(to_op(ip, call.positional.at(i), call.where));
    for (const Operand& op : ops)
      if ((op.traced() && !op.batched()) || ir::current_trace()) raise(ErrorId::jnp_host_only, call.where, what);
    frame = ir::innermost_frame(ops);
    for (const Operand& op : ops) {
      Operand full = frame ? ir::stacked_at_front(op, frame) : op;
      if (full.traced()) raise(ErrorId::jnp_host_only, call.where, std::string(what) + " under nested vmaps");
      args.push_back(full.value);
    }
  }
  Value out(array::Array a) const {
    Operand op = Operand::concrete(std::move(a));
    return make_array(frame ? ir::make_batched(std::move(op), 0, frame) : std::move(op));
  }
  Value outs(std::vector<array::Array> xs) const {
    Values vs;
    for (array::Array& x : xs) vs.push_back(out(std::move(x)));
    return make_tuple(vs);
  }
};

}  // namespace

// _lu(a) -> (lu, pivots int32, permutation int32), as lax.linalg.lu.
Value linalg_lu(Interpreter& ip, CallArgs& call) {
  HostCall hc(ip, call, 1, "jnp.linalg");
  const array::Array& a = hc.args[0];
  Batch b = batch_of(a);
  int64_t k = std::min(b.m, b.n);
  std::vector<double> lu;
  std::vector<int64_t> pivots, perms;
  for (int64_t i = 0; i < b.count; ++i) {
    Mat x = matrix(a, i, b.m, b.n);
    std::vector<int64_t> piv;
    lu_in_place(x, b.m, b.n, piv);
    lu.insert(lu.end(), x.begin(), x.end());
    pivots.insert(pivots.end(), piv.begin(), piv.end());
    std::vector<int64_t> perm(static_cast<size_t>(b.m));
    std::iota(perm.begin(), perm.end(), 0);
    for (int64_t r = 0; r < k; ++r) std::swap(perm[static_cast<size_t>(r)], perm[static_cast<size_t>(piv[static_cast<size_t>(r)])]);
    perms.insert(perms.end(), perm.begin(), perm.end());
  }
  return hc.outs({pack(a.dtype(), a.shape(), lu), array::Array::from_ints(DType::Int32, with(b.lead, {k}), pivots),
                  array::Array::from_ints(DType::Int32, with(b.lead, {b.m}), perms)});
}

// _solve(a, b): a (..., m, m), b (..., m, k) with equal batch dims.
Value linalg_solve(Interpreter& ip, CallArgs& call) {
  HostCall hc(ip, call, 2, "jnp.linalg.solve");
  const array::Array &a = hc.args[0], &rhs = hc.args[1];
  Batch b = batch_of(a), c = batch_of(rhs);
  std::vector<double> out;
  for (int64_t i = 0; i < b.count; ++i) {
    Mat x = lu_solve(matrix(a, i, b.m, b.m), b.m, matrix(rhs, i, c.m, c.n), c.n);
    out.insert(out.end(), x.begin(), x.end());
  }
  return hc.out(pack(rhs.dtype(), rhs.shape(), out));
}

// _cholesky(a): the lower factor, all NaN where a is not positive definite.
Value linalg_cholesky(Interpreter& ip, CallArgs& call) {
  HostCall hc(ip, call, 1, "jnp.linalg.cholesky");
  const array::Array& a = hc.args[0];
  Batch b = batch_of(a);
  std::vector<double> out;
  for (int64_t i = 0; i < b.count; ++i) {
    Mat x = matrix(a, i, b.m, b.n);
    if (!cholesky(x, b.n)) std::fill(x.begin(), x.end(), std::numeric_limits<double>::quiet_NaN());
    out.insert(out.end(), x.begin(), x.end());
  }
  return hc.out(pack(a.dtype(), a.shape(), out));
}

// _qr(a, full) -> (q, r).
Value linalg_qr(Interpreter& ip, CallArgs& call) {
  HostCall hc(ip, call, 1, "jnp.linalg.qr");
  const array::Array& a = hc.args[0];
  bool full = call.positional.size() > 1 && ip.truthy(call.positional[1]);
  Batch b = batch_of(a);
  int64_t qc = full ? b.m : std::min(b.m, b.n);
  std::vector<double> qs, rs;
  for (int64_t i = 0; i < b.count; ++i) {
    Mat q, r;
    householder_qr(matrix(a, i, b.m, b.n), b.m, b.n, full, q, r);
    qs.insert(qs.end(), q.begin(), q.end());
    rs.insert(rs.end(), r.begin(), r.end());
  }
  return hc.outs({pack(a.dtype(), with(b.lead, {b.m, qc}), qs), pack(a.dtype(), with(b.lead, {qc, b.n}), rs)});
}

// _eigh(a) -> (w ascending, v) of a symmetric matrix.
Value linalg_eigh(Interpreter& ip, CallArgs& call) {
  HostCall hc(ip, call, 1, "jnp.linalg.eigh");
  const array::Array& a = hc.args[0];
  Batch b = batch_of(a);
  std::vector<double> ws, vs;
  for (int64_t i = 0; i < b.count; ++i) {
    std::vector<double> w;
    Mat v;
    jacobi_eigh(matrix(a, i, b.n, b.n), b.n, w, v);
    ws.insert(ws.end(), w.begin(), w.end());
    vs.insert(vs.end(), v.begin(), v.end());
  }
  return hc.outs({pack(a.dtype(), with(b.lead, {b.n}), ws), pack(a.dtype(), a.shape(), vs)});
}

// _svd(a, full) -> (u, s descending, vh), from the eigenproblem of AᵀA
// (or AAᵀ) refined by one-sided Jacobi.
Value linalg_svd(Interpreter& ip, CallArgs& call) {
  HostCall hc(ip, call, 1, "jnp.linalg.svd");
  const array::Array& a = hc.args[0];
  bool full = call.positional.size() > 1 && ip.truthy(call.positional[1]);
  Batch b = batch_of(a);
  int64_t m = b.m, n = b.n, k = std::min(m, n), uc = full ? m : k, vr = full ? n : k;
  std::vector<double> us, ss, vhs;
  for (int64_t i = 0; i < b.count; ++i) {
    Mat u, s, vh;
    svd_one(matrix(a, i, m, n), m, n, full, u, s, vh);
    us.insert(us.end(), u.begin(), u.end());
    ss.insert(ss.end(), s.begin(), s.end());
    vhs.insert(vhs.end(), vh.begin(), vh.end());
  }
  return hc.outs({pack(a.dtype(), with(b.lead, {m, uc}), us), pack(a.dtype(), with(b.lead, {k}), ss),
                  pack(a.dtype(), with(b.lead, {vr, n}), vhs)});
}

}  // namespace rungs::jax
