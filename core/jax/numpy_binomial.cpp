// numpy.random's binomial sampler, the one RandomState and Generator share:
// inversion of the CDF while n*min(p, 1-p) <= 30, else Kachitvichyanukul and
// Schmeiser's BTPE (triangle, parallelograms and exponential tails with a
// squeeze before the exact Stirling test). Every double draw and every
// floating-point step follows NumPy's order, so the stream matches NumPy.
#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "core/jax/numpy_distributions.h"

namespace rungs::jax::nprandom {

namespace {

// The number of successes by walking the CDF from 0 with one uniform; a
// walk past `bound` (far in the tail) restarts with a fresh uniform.
int64_t binomial_inversion(BitGenerator& g, int64_t n, double p) {
  const double q = 1.0 - p;
  const double qn = std::exp(static_cast<double>(n) * std::log(q));
  const double np = static_cast<double>(n) * p;
  const auto bound = static_cast<int64_t>(std::min(static_cast<double>(n), np + 10.0 * std::sqrt(np * q + 1)));
  int64_t x = 0;
  double px = qn, u = g.next_double();
  while (u > px) {
    ++x;
    if (x > bound) {
      x = 0;
      px = qn;
      u = g.next_double();
    } else {
      u -= px;
      px = (static_cast<double>(n - x + 1) * p * px) / (static_cast<double>(x) * q);
    }
  }
  return x;
}

// Stirling's series correction term used by BTPE's final acceptance test.
double stirling_tail(double v) {
  const double v2 = v * v;
  return (13680. - (462. - (132. - (99. - 140. / v2) / v2) / v2) / v2) / v / 166320.;
}

struct Btpe {
  double r, q, fm, p1, xm, xl, xr, c, laml, lamr, p2, p3, p4;
  int64_t m;
  Btpe(int64_t n, double p) {
    r = std::min(p, 1.0 - p);
    q = 1.0 - r;
    fm = static_cast<double>(n) * r + r;
    m = static_cast<int64_t>(std::floor(fm));
    p1 = std::floor(2.195 * std::sqrt(static_cast<double>(n) * r * q) - 4.6 * q) + 0.5;
    xm = static_cast<double>(m) + 0.5;
    xl = xm - p1;
    xr = xm + p1;
    c = 0.134 + 20.5 / (15.3 + static_cast<double>(m));
    double a = (fm - xl) / (fm - xl * r);
    laml = a * (1.0 + a / 2.0);
    a = (xr - fm) / (xr * q);
    lamr = a * (1.0 + a / 2.0);
    p2 = p1 * (1.0 + 2.0 * c);
    p3 = p2 + c / laml;
    p4 = p3 + c / lamr;
  }
};

// Whether candidate y (with its scaled v) is accepted: the explicit ratio of
// probabilities near the mode, the squeeze and Stirling's bound far from it.
bool btpe_accept(const Btpe& b, int64_t n, int64_t y, double v) {
  const double nrq = static_cast<double>(n) * b.r * b.q;
  const int64_t k = std::llabs(y - b.m);
  if (!(k > 20 && static_cast<double>(k) < nrq / 2.0 - 1)) {
    const double s = b.r / b.q, a = s * static_cast<double>(n + 1);
    double f = 1.0;
    if (b.m < y)
      for (int64_t i = b.m + 1; i <= y; ++i) f *= (a / static_cast<double>(i) - s);
    else if (b.m > y)
      for (int64_t i = y + 1; i <= b.m; ++i) f /= (a / static_cast<double>(i) - s);
    return !(v > f);
  }
  const double kd = static_cast<double>(k);
  const double rho = (kd / nrq) * ((kd * (kd / 3.0 + 0.625) + 0.16666666666666666) / nrq + 0.5);
  const double t = -kd * kd / (2 * nrq);
  const double la = std::log(v);
  if (la < t - rho) return true;
  if (la > t + rho) return false;
  const double x1 = static_cast<double>(y + 1), f1 = static_cast<double>(b.m + 1);
  const double z = static_cast<double>(n + 1 - b.m), w = static_cast<double>(n - y + 1);
  const double bound = b.xm * std::log(f1 / x1) + (static_cast<double>(n - b.m) + 0.5) * std::log(z / w) +
                       static_cast<double>(y - b.m) * std::log(w * b.r / (x1 * b.q)) + stirling_tail(f1) +
                       stirling_tail(z) + stirling_tail(x1) + stirling_tail(w);
  return !(la > bound);
}

// p <= 0.5 here: the caller samples n - X(n, 1 - p) otherwise.
int64_t binomial_btpe(BitGenerator& g, int64_t n, double p) {
  const Btpe b(n, p);
  for (;;) {
    const double u = g.next_double() * b.p4;
    double v = g.next_double();
    int64_t y;
    if (u <= b.p1) return static_cast<int64_t>(std::floor(b.xm - b.p1 * v + u));  // the triangle
    if (u <= b.p2) {  // the parallelograms
      const double x = b.xl + (u - b.p1) / b.c;
      v = v * b.c + 1.0 - std::fabs(static_cast<double>(b.m) - x + 0.5) / b.p1;
      if (v > 1.0) continue;
      y = static_cast<int64_t>(std::floor(x));
    } else if (u <= b.p3) {  // the left exponential tail
      y = static_cast<int64_t>(std::floor(b.xl + std::log(v) / b.laml));
      if (y < 0 || v == 0.0) continue;
      v = v * (u - b.p2) * b.laml;
    } else {  // the right exponential tail
      y = static_cast<int64_t>(std::floor(b.xr - std::log(v) / b.lamr));
      if (y > n || v == 0.0) continue;
      v = v * (u - b.p3) * b.lamr;
    }
    if (btpe_accept(b, n, y, v)) return y;
  }
}

}  // namespace

int64_t random_binomial(BitGenerator& g, int64_t n, double p) {
  if (n == 0 || p == 0.0) return 0;
  if (p <= 0.5) return p * static_cast<double>(n) <= 30.0 ? binomial_inversion(g, n, p) : binomial_btpe(g, n, p);
  const double q = 1.0 - p;
  return q * static_cast<double>(n) <= 30.0 ? n - binomial_inversion(g, n, q) : n - binomial_btpe(g, n, q);
}

}  // namespace rungs::jax::nprandom
