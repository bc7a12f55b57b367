// hypothesis.strategies, written in Python: SearchStrategy (map, filter,
// flatmap, |), the strategies JAX's property tests draw from, composite /
// DrawFn, and data() / DataObject for draws inside a test.
//
// Draws come from the example's random.Random (hypothesis_source.cpp seeds
// it per example); every primitive choice is recorded in the draw context's
// `choices` so the runner can skip an example that repeats an earlier one.
// Like hypothesis, integers and floats lean towards boundary and small
// values rather than drawing uniformly, and lists are short on average.
namespace rungs::python {

extern const char* const kHypothesisStrategiesSource;

const char* const kHypothesisStrategiesSource = R"PY(
import functools as _functools
import math as _math

from hypothesis.errors import UnsatisfiedAssumption as _Unsatisfied, InvalidArgument as _InvalidArgument


class _ConjectureData:
    def __init__(self, rng):
        self.rng = rng
        self.choices = []

    def draw(self, strategy):
        if not isinstance(strategy, SearchStrategy):
            raise _InvalidArgument('Expected a SearchStrategy but got %r (type=%s)' % (strategy, type(strategy).__name__))
        return strategy.do_draw(self)

    def choose_int(self, lo, hi):
        value = self.rng.randint(lo, hi)
        self.choices.append(value)
        return value

    def choose_float(self):
        value = self.rng.random()
        self.choices.append(value)
        return value


class SearchStrategy:
    _label = 'SearchStrategy()'

    def do_draw(self, data):
        raise NotImplementedError('%s.do_draw' % type(self).__name__)

    def map(self, pack):
        return _Mapped(self, pack)

    def filter(self, condition):
        return _Filtered(self, condition)

    def flatmap(self, expand):
        return _FlatMapped(self, expand)

    def __or__(self, other):
        return one_of(self, other)

    def example(self):
        import random
        return _ConjectureData(random.Random(0)).draw(self)

    def __repr__(self):
        return self._label


class _Mapped(SearchStrategy):
    def __init__(self, base, pack):
        self.base, self.pack = base, pack
        self._label = '%r.map(%s)' % (base, getattr(pack, '__name__', repr(pack)))

    def do_draw(self, data):
        return self.pack(data.draw(self.base))


class _Filtered(SearchStrategy):
    def __init__(self, base, condition):
        self.base, self.condition = base, condition
        self._label = '%r.filter(%s)' % (base, getattr(condition, '__name__', repr(condition)))

    def do_draw(self, data):
        # As hypothesis: a few tries, then the example is discarded.
        for _ in range(3):
            value = data.draw(self.base)
            if self.condition(value):
                return value
        raise _Unsatisfied()


class _FlatMapped(SearchStrategy):
    def __init__(self, base, expand):
        self.base, self.expand = base, expand
        self._label = '%r.flatmap(%s)' % (base, getattr(expand, '__name__', repr(expand)))

    def do_draw(self, data):
        return data.draw(self.expand(data.draw(self.base)))


class _Just(SearchStrategy):
    def __init__(self, value):
        self.value = value
        self._label = 'just(%r)' % (value,)

    def do_draw(self, data):
        return self.value


def just(value):
    return _Just(value)


def none():
    return _Just(None)


class _Integers(SearchStrategy):
    def __init__(self, min_value, max_value):
        self.min_value, self.max_value = min_value, max_value
        parts = []
        if min_value is not None:
            parts.append('min_value=%r' % (min_value,))
        if max_value is not None:
            parts.append('max_value=%r' % (max_value,))
        self._label = 'integers(%s)' % ', '.join(parts)

    def do_draw(self, data):
        lo, hi = self.min_value, self.max_value
        kind = data.choose_int(0, 7)
        if kind == 0 and lo is not None:
            return lo
        if kind == 1 and hi is not None:
            return hi
        if kind <= 4:
            # Small values near zero (clamped into the range), as hypothesis favours.
            centre = 0 if (lo is None or lo <= 0) and (hi is None or hi >= 0) else (lo if lo is not None and lo > 0 else hi)
            value = centre + data.choose_int(-16, 16)
        elif lo is not None and hi is not None:
            return data.choose_int(lo, hi)
        else:
            value = data.choose_int(-(2 ** 31), 2 ** 31)
        if lo is not None and value < lo:
            value = lo + (lo - value) % (1 if hi is None else hi - lo + 1)
        if hi is not None and value > hi:
            value = hi - (value - hi) % (1 if lo is None else hi - lo + 1)
        return value


def integers(min_value=None, max_value=None):
    for name, value in (('min_value', min_value), ('max_value', max_value)):
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            if isinstance(value, float) and value == int(value):
                continue
            raise _InvalidArgument('%s=%r must be an integer' % (name, value))
    if min_value is not None:
        min_value = int(min_value)
    if max_value is not None:
        max_value = int(max_value)
    if min_value is not None and max_value is not None and min_value > max_value:
        raise _InvalidArgument('Cannot have max_value=%r < min_value=%r' % (max_value, min_value))
    return _Integers(min_value, max_value)


def booleans():
    return _SampledFrom((False, True), 'booleans()')


class _SampledFrom(SearchStrategy):
    def __init__(self, elements, label):
        self.elements = elements
        self._label = label

    def do_draw(self, data):
        return self.elements[data.choose_int(0, len(self.elements) - 1)]


def sampled_from(elements):
    values = tuple(elements)
    if not values:
        raise _InvalidArgument('Cannot sample from a length-zero sequence.')
    return _SampledFrom(values, 'sampled_from(%r)' % (elements,))


class _OneOf(SearchStrategy):
    def __init__(self, options):
        self.options = options
        self._label = 'one_of(%s)' % ', '.join(repr(o) for o in options)

    def do_draw(self, data):
        return data.draw(self.options[data.choose_int(0, len(self.options) - 1)])


def one_of(*args):
    if len(args) == 1 and not isinstance(args[0], SearchStrategy):
        args = tuple(args[0])
    if not args:
        raise _InvalidArgument('one_of requires at least one strategy')
    return _OneOf(tuple(args))


class _Tuples(SearchStrategy):
    def __init__(self, parts):
        self.parts = parts
        self._label = 'tuples(%s)' % ', '.join(repr(p) for p in parts)

    def do_draw(self, data):
        return tuple(data.draw(p) for p in self.parts)


def tuples(*args):
    return _Tuples(args)


def _draw_size(data, min_size, max_size):
    if max_size is None:
        max_size = min_size + 8
    if data.choose_int(0, 7) == 0:
        return min_size
    return data.choose_int(min_size, min(max_size, min_size + 8))


class _Lists(SearchStrategy):
    def __init__(self, elements, min_size, max_size, unique_by, as_set):
        self.elements, self.min_size, self.max_size = elements, min_size, max_size
        self.unique_by, self.as_set = unique_by, as_set
        self._label = '%s(%r, min_size=%r, max_size=%r)' % ('sets' if as_set else 'lists', elements, min_size, max_size)

    def do_draw(self, data):
        size = _draw_size(data, self.min_size, self.max_size)
        result, keys = [], []
        tries = 0
        while len(result) < size:
            value = data.draw(self.elements)
            if self.unique_by is not None:
                key = self.unique_by(value)
                tries += 1
                if key in keys:
                    if tries > 10 * (size + 1):
                        break
                    continue
                keys.append(key)
            result.append(value)
        if len(result) < self.min_size:
            raise _Unsatisfied()
        return set(result) if self.as_set else result


def lists(elements, *, min_size=0, max_size=None, unique_by=None, unique=False):
    if max_size is not None and max_size < min_size:
        raise _InvalidArgument('Cannot have max_size=%r < min_size=%r' % (max_size, min_size))
    if unique:
        unique_by = lambda x: x
    return _Lists(elements, min_size, max_size, unique_by, False)


def sets(elements, *, min_size=0, max_size=None):
    return _Lists(elements, min_size, max_size, lambda x: x, True)


def frozensets(elements, *, min_size=0, max_size=None):
    return sets(elements, min_size=min_size, max_size=max_size).map(frozenset)


class _Permutations(SearchStrategy):
    def __init__(self, values):
        self.values = values
        self._label = 'permutations(%r)' % (values,)

    def do_draw(self, data):
        result = list(self.values)
        for i in range(len(result) - 1, 0, -1):
            j = data.choose_int(0, i)
            result[i], result[j] = result[j], result[i]
        return result


def permutations(values):
    return _Permutations(list(values))


_FLOAT_LIMITS = {16: 65504.0, 32: 3.4028234663852886e+38, 64: 1.7976931348623157e+308}
_FLOAT_TINY = {16: 6.103515625e-05, 32: 1.1754943508222875e-38, 64: 2.2250738585072014e-308}


def _round_to_width(value, width):
    if width == 64:
        return value
    import numpy as np
    return float(np.float32(value) if width == 32 else np.float16(value))


class _Floats(SearchStrategy):
    def __init__(self, min_value, max_value, allow_nan, allow_infinity, width, exclude_min, exclude_max):
        self.min_value, self.max_value, self.width = min_value, max_value, width
        self.allow_nan, self.allow_infinity = allow_nan, allow_infinity
        self.exclude_min, self.exclude_max = exclude_min, exclude_max
        self._label = 'floats(min_value=%r, max_value=%r, width=%r)' % (min_value, max_value, width)

    def specials(self):
        big, tiny = _FLOAT_LIMITS[self.width], _FLOAT_TINY[self.width]
        values = [0.0, -0.0, 1.0, -1.0, 0.5, big, -big, tiny, -tiny]
        if self.allow_infinity:
            values += [_math.inf, -_math.inf]
        if self.allow_nan:
            values.append(_math.nan)
        return [v for v in values if _math.isnan(v) or self.permits(v)]

    def permits(self, value):
        lo, hi = self.min_value, self.max_value
        if lo is not None and (value < lo or (self.exclude_min and value == lo)):
            return False
        if hi is not None and (value > hi or (self.exclude_max and value == hi)):
            return False
        return True

    def do_draw(self, data):
        for _ in range(8):
            kind = data.choose_int(0, 9)
            specials = self.specials()
            if kind <= 1 and specials:
                return specials[data.choose_int(0, len(specials) - 1)]
            lo, hi = self.min_value, self.max_value
            if kind == 2 and lo is not None and self.permits(lo):
                return lo
            if kind == 3 and hi is not None and self.permits(hi):
                return hi
            if lo is not None and hi is not None:
                value = lo + (hi - lo) * data.choose_float()
            else:
                scale = 10.0 ** data.choose_int(-6, 6)
                value = (data.choose_float() * 2 - 1) * scale
                if lo is not None:
                    value = lo + abs(value)
                elif hi is not None:
                    value = hi - abs(value)
            value = _round_to_width(value, self.width)
            if self.permits(value):
                return value
        raise _Unsatisfied()


def floats(min_value=None, max_value=None, *, allow_nan=None, allow_infinity=None, allow_subnormal=None,
           width=64, exclude_min=False, exclude_max=False):
    if width not in (16, 32, 64):
        raise _InvalidArgument('Got width=%r, but the only valid values are the integers 16, 32, and 64.' % (width,))
    bounded = min_value is not None or max_value is not None
    if allow_nan is None:
        allow_nan = not bounded
    elif allow_nan and bounded:
        raise _InvalidArgument('Cannot have allow_nan=%r, with min_value or max_value' % (allow_nan,))
    if allow_infinity is None:
        allow_infinity = not (min_value is not None and max_value is not None)
    return _Floats(min_value, max_value, allow_nan, allow_infinity, width, exclude_min, exclude_max)


class DrawFn:
    # The type of the `draw` argument of a @composite function.
    def __call__(self, strategy, label=None):
        raise NotImplementedError


class _Composite(SearchStrategy):
    def __init__(self, definition, args, kwargs):
        self.definition, self.args, self.kwargs = definition, args, kwargs
        self._label = '%s(%s)' % (definition.__name__, ', '.join(
            [repr(a) for a in args] + ['%s=%r' % kv for kv in kwargs.items()]))

    def do_draw(self, data):
        def draw(strategy, label=None):
            return data.draw(strategy)
        return self.definition(draw, *self.args, **self.kwargs)


def composite(definition):
    @_functools.wraps(definition)
    def accept(*args, **kwargs):
        return _Composite(definition, args, kwargs)
    return accept


class DataObject:
    def __init__(self, data):
        self._data = data
        self._draws = []

    def draw(self, strategy, label=None):
        value = self._data.draw(strategy)
        self._draws.append((label, value))
        return value

    def __repr__(self):
        return 'data(...)'


class DataStrategy(SearchStrategy):
    _label = 'data()'

    def do_draw(self, data):
        return DataObject(data)


def data():
    return DataStrategy()


def builds(target, *args, **kwargs):
    return _Tuples(args).flatmap(lambda drawn: _Tuples(tuple(kwargs.values())).map(
        lambda kw: target(*drawn, **dict(zip(kwargs, kw)))))


def nothing():
    class _Nothing(SearchStrategy):
        _label = 'nothing()'

        def do_draw(self, data):
            raise _Unsatisfied()
    return _Nothing()
)PY";

}  // namespace rungs::python
