// statistics: the summaries benchmark scripts print over their timings
// (mean, median, stdev, ...), in Python. As in CPython, mean, variance and
// stdev are computed exactly (each float is an exact ratio with a
// power-of-two denominator) and rounded once, so they print CPython's
// digits: mean([1, 3]) is the int 2, a stdev is the correctly rounded
// square root of the exact variance. Only with inf/nan data or an explicit
// xbar/mu do they fall back to float arithmetic (math.fsum).
#include "core/python/modules.h"

namespace rungs::python {

namespace {

const char* const kStatisticsSource = R"PY(
import math as _math


class StatisticsError(ValueError):
    pass


def _all_ints(data):
    return all(isinstance(x, int) for x in data)


def _ratio(num, den):
    # An exact ratio of ints as CPython's _convert gives it: an int when
    # whole, else the nearest float.
    if num % den == 0:
        return num // den
    return num / den


def mean(data):
    data = list(data)
    n = len(data)
    if n < 1:
        raise StatisticsError('mean requires at least one data point')
    if _all_ints(data):
        return _ratio(sum(data), n)
    parts = [_exact(x) for x in data]
    if any(p is None for p in parts):
        return _math.fsum(data) / n
    top = max(e for _, e in parts)
    return sum(num << (top - e) for num, e in parts) / (n << top)


def fmean(data, weights=None):
    data = list(data)
    if weights is not None:
        weights = list(weights)
        if len(weights) != len(data):
            raise StatisticsError('data and weights must be the same length')
        total = _math.fsum(weights)
        if not total:
            raise StatisticsError('sum of weights must be non-zero')
        return _math.fsum(x * w for x, w in zip(data, weights)) / total
    if not data:
        raise StatisticsError('fmean requires at least one data point')
    return _math.fsum(data) / len(data)


def median(data):
    data = sorted(data)
    n = len(data)
    if n == 0:
        raise StatisticsError("no median for empty data")
    if n % 2 == 1:
        return data[n // 2]
    i = n // 2
    return (data[i - 1] + data[i]) / 2


def median_low(data):
    data = sorted(data)
    n = len(data)
    if n == 0:
        raise StatisticsError("no median for empty data")
    return data[n // 2] if n % 2 == 1 else data[n // 2 - 1]


def median_high(data):
    data = sorted(data)
    if not data:
        raise StatisticsError("no median for empty data")
    return data[len(data) // 2]


def mode(data):
    data = list(data)
    if not data:
        raise StatisticsError('no mode for empty data')
    counts = {}
    for x in data:
        counts[x] = counts.get(x, 0) + 1
    best = max(counts.values())
    for x in counts:
        if counts[x] == best:
            return x


def multimode(data):
    counts = {}
    for x in data:
        counts[x] = counts.get(x, 0) + 1
    if not counts:
        return []
    best = max(counts.values())
    return [x for x in counts if counts[x] == best]


def _exact(x):
    # x as num / 2**exp, exactly (doubling a float is exact); None for
    # inf and nan.
    if isinstance(x, int):
        return x, 0
    if x != x or x in (_math.inf, -_math.inf):
        return None
    e = 0
    while x != int(x):
        x *= 2.0
        e += 1
    return int(x), e


def _sum_of_squares(data, ddof):
    # The exact (n * sum(x**2) - sum(x)**2, n * (n - ddof)) over a common
    # power-of-two denominator, as CPython's exact _ss computes it; None
    # when some value is not finite.
    parts = [_exact(x) for x in data]
    if any(p is None for p in parts):
        return None
    top = max(e for _, e in parts)
    ints = [num << (top - e) for num, e in parts]
    n = len(ints)
    num = n * sum(v * v for v in ints) - sum(ints) ** 2
    return num, n * (n - ddof) << (2 * top)


def _variance(data, ddof, xbar):
    n = len(data)
    exact = _sum_of_squares(data, ddof) if xbar is None else None
    if exact is not None:
        num, den = exact
        return _ratio(num, den) if _all_ints(data) else num / den
    c = mean(data) if xbar is None else xbar
    ss = _math.fsum((x - c) ** 2 for x in data)
    ss -= _math.fsum(x - c for x in data) ** 2 / n
    return ss / (n - ddof)


def _sqrt_of_ratio(num, den):
    # sqrt(num / den) rounded once: an integer square root carrying 109
    # bits (twice float's 53, plus guard bits), made round-to-odd so the
    # final int / int division rounds it correctly.
    shift = (num.bit_length() - den.bit_length() - 109) // 2
    if shift >= 0:
        root = _math.isqrt(num // (den << 2 * shift))
        odd = root * root * (den << 2 * shift) != num
        return ((root | odd) << shift) / 1
    scaled = num << -2 * shift
    root = _math.isqrt(scaled // den)
    odd = root * root * den != scaled
    return (root | odd) / (1 << -shift)


def _stdev(data, ddof, xbar):
    exact = _sum_of_squares(data, ddof) if xbar is None else None
    if exact is not None:
        return _sqrt_of_ratio(*exact)
    return _math.sqrt(_variance(data, ddof, xbar))


def variance(data, xbar=None):
    data = list(data)
    if len(data) < 2:
        raise StatisticsError('variance requires at least two data points')
    return _variance(data, 1, xbar)


def pvariance(data, mu=None):
    data = list(data)
    if len(data) < 1:
        raise StatisticsError('pvariance requires at least one data point')
    return _variance(data, 0, mu)


def stdev(data, xbar=None):
    data = list(data)
    if len(data) < 2:
        raise StatisticsError('stdev requires at least two data points')
    return _stdev(data, 1, xbar)


def pstdev(data, mu=None):
    data = list(data)
    if len(data) < 1:
        raise StatisticsError('pstdev requires at least one data point')
    return _stdev(data, 0, mu)


def geometric_mean(data):
    data = list(data)
    if not data or any(x <= 0 for x in data):
        raise StatisticsError('geometric mean requires a non-empty dataset containing positive numbers')
    return _math.exp(fmean([_math.log(x) for x in data]))


def harmonic_mean(data):
    data = list(data)
    if not data:
        raise StatisticsError('harmonic_mean requires at least one data point')
    if any(x < 0 for x in data):
        raise StatisticsError('harmonic mean does not support negative values')
    if any(x == 0 for x in data):
        return 0
    return len(data) / _math.fsum(1 / x for x in data)
)PY";

}  // namespace

void register_module_statistics() {
  Interpreter::register_module("statistics", [](Interpreter& ip) {
    return ip.define_generated_module("statistics", kStatisticsSource, {});
  });
}

}  // namespace rungs::python
