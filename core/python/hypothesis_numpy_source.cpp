// hypothesis.extra.numpy, written in Python: arrays, array_shapes and
// from_dtype, the names JAX's Pallas tests draw NumPy inputs with.
//
// An array whose elements come from a numeric strategy (from_dtype's, or
// integers/floats/booleans given as `elements`) is drawn as a whole with a
// NumPy generator seeded from the example's draws: a property test draws
// (128, 128) arrays fifty times, which element by element would dominate
// the run. Like hypothesis's arrays, such an array mixes ordinary values
// with the strategy's boundary and special values (0, -0.0, ±inf, nan when
// allowed). Other element strategies are drawn one element at a time.
namespace rungs::python {

extern const char* const kHypothesisNumpySource;

const char* const kHypothesisNumpySource = R"PY(
import math as _math
import numpy as _np

# `strategies` (hypothesis.strategies) is set by module_hypothesis.cpp.
_st = strategies
_InvalidArgument = strategies._InvalidArgument


def _kind(dtype):
    # NumPy's dtype.kind letter for the kinds drawn here.
    if dtype == _np.dtype('bool'):
        return 'b'
    if _np.issubdtype(dtype, _np.unsignedinteger):
        return 'u'
    if _np.issubdtype(dtype, _np.integer):
        return 'i'
    if _np.issubdtype(dtype, _np.floating):
        return 'f'
    return 'O'


def array_shapes(*, min_dims=1, max_dims=None, min_side=1, max_side=None):
    if max_dims is None:
        max_dims = min(32, min_dims + 2)
    if max_side is None:
        max_side = min_side + 5
    if max_dims < min_dims:
        raise _InvalidArgument('max_dims=%r must be at least min_dims=%r' % (max_dims, min_dims))
    if max_side < min_side:
        raise _InvalidArgument('max_side=%r must be at least min_side=%r' % (max_side, min_side))
    return _st.lists(_st.integers(min_side, max_side), min_size=min_dims, max_size=max_dims).map(tuple)


def from_dtype(dtype, *, alphabet=None, allow_nan=None, allow_infinity=None, allow_subnormal=None,
               exclude_min=None, exclude_max=None, min_value=None, max_value=None):
    dtype = _np.dtype(dtype)
    if _kind(dtype) == 'b':
        return _st.booleans()
    if _kind(dtype) in 'iu':
        info = _np.iinfo(dtype)
        lo = int(info.min) if min_value is None else max(int(info.min), min_value)
        hi = int(info.max) if max_value is None else min(int(info.max), max_value)
        return _st.integers(lo, hi)
    if _kind(dtype) == 'f':
        width = min(dtype.itemsize * 8, 64)
        if width not in (16, 32, 64):
            width = 32
        return _st.floats(min_value, max_value, allow_nan=allow_nan, allow_infinity=allow_infinity,
                          width=width, exclude_min=bool(exclude_min), exclude_max=bool(exclude_max))
    raise _InvalidArgument('No strategy inference for dtype %s' % (dtype,))


def _whole_integers(gen, strategy, dtype, size):
    info = _np.iinfo(dtype)
    lo = max(int(info.min), -(2 ** 63)) if strategy.min_value is None else strategy.min_value
    hi = min(int(info.max), 2 ** 63 - 1) if strategy.max_value is None else strategy.max_value
    values = gen.integers(lo, hi, size=size, endpoint=True)
    centre = 0 if lo <= 0 <= hi else lo
    small = _np.clip(centre + gen.integers(-8, 9, size=size), lo, hi)
    edges = _np.array([lo, hi])[gen.integers(0, 2, size=size)]
    pick = gen.random(size)
    values = _np.where(pick < 0.3, small, values)
    values = _np.where(pick > 0.9, edges, values)
    return values.astype(dtype)


def _whole_floats(gen, strategy, dtype, size):
    lo, hi = strategy.min_value, strategy.max_value
    if lo is not None and hi is not None:
        values = lo + (hi - lo) * gen.random(size)
    else:
        values = gen.standard_normal(size) * 10.0 ** gen.integers(-3, 4, size=size)
        if lo is not None:
            values = lo + _np.abs(values)
        elif hi is not None:
            values = hi - _np.abs(values)
    specials = strategy.specials()
    if specials:
        chosen = _np.array(specials)[gen.integers(0, len(specials), size=size)]
        values = _np.where(gen.random(size) < 0.1, chosen, values)
    values = values.astype(dtype)
    if lo is not None or hi is not None:
        values = _np.clip(values, lo, hi).astype(dtype)
    return values


class _Arrays(_st.SearchStrategy):
    def __init__(self, dtype, shape, elements, fill, unique):
        self.dtype, self.shape, self.elements = dtype, shape, elements
        self.fill, self.unique = fill, unique
        self._label = 'arrays(dtype=%r, shape=%r)' % (dtype, shape)

    def do_draw(self, data):
        dtype = data.draw(self.dtype) if isinstance(self.dtype, _st.SearchStrategy) else self.dtype
        shape = data.draw(self.shape) if isinstance(self.shape, _st.SearchStrategy) else self.shape
        dtype = _np.dtype(dtype)
        shape = (shape,) if isinstance(shape, int) else tuple(shape)
        elements = self.elements
        if elements is None:
            elements = from_dtype(dtype)
        elif isinstance(elements, dict):
            elements = from_dtype(dtype, **elements)
        size = _math.prod(shape)
        whole = not self.unique and (
            (isinstance(elements, _st._Integers) and _kind(dtype) in 'iu')
            or (isinstance(elements, _st._Floats) and _kind(dtype) == 'f')
            or (_kind(dtype) == 'b' and isinstance(elements, _st._SampledFrom) and elements.elements == (False, True)))
        if whole:
            gen = _np.random.default_rng(data.choose_int(0, 2 ** 32 - 1))
            if _kind(dtype) == 'b':
                return (gen.random(size) < 0.5).reshape(shape)
            if _kind(dtype) in 'iu':
                return _whole_integers(gen, elements, dtype, size).reshape(shape)
            return _whole_floats(gen, elements, dtype, size).reshape(shape)
        values = [data.draw(elements) for _ in range(size)]
        return _np.array(values, dtype=dtype).reshape(shape)


def arrays(dtype, shape, *, elements=None, fill=None, unique=False):
    return _Arrays(dtype, shape, elements, fill, unique)


def scalar_dtypes():
    return _st.sampled_from([_np.dtype(n) for n in ('bool', 'int8', 'int16', 'int32', 'int64', 'uint8',
                                                    'uint16', 'uint32', 'uint64', 'float16', 'float32', 'float64')])
)PY";

}  // namespace rungs::python
