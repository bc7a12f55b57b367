// The `hypothesis` package's test-facing core, written in Python:
// given / settings (with profiles) / assume / example / HealthCheck, and
// hypothesis.errors. Property tests in JAX's suite (tests/pallas) use these
// names; the strategies are in hypothesis_strategies_source.cpp.
//
// Rungs runs property tests deterministically and without shrinking: each
// example's draws come from random.Random seeded by the test's name and the
// example's number, so a run is reproducible on every rung. A failing
// example is printed as hypothesis prints it ("Falsifying example:
// test(...)", then "Draw n: ..." for data() draws) before the error is
// re-raised; hypothesis attaches that text to the exception as a note, and
// the engine's exceptions have no notes, so it goes to stdout.
// Examples whose drawn arguments repeat an earlier example's are not run
// again (hypothesis does not re-run a choice sequence either), so small
// search spaces (booleans(), integers(1, 4)) end early.
namespace rungs::python {

extern const char* const kHypothesisErrorsSource;
extern const char* const kHypothesisSource;

const char* const kHypothesisErrorsSource = R"PY(
class HypothesisException(Exception):
    pass


class UnsatisfiedAssumption(HypothesisException):
    pass


class Unsatisfiable(HypothesisException):
    pass


class InvalidArgument(HypothesisException, TypeError):
    pass


class FailedHealthCheck(HypothesisException):
    pass


class Flaky(HypothesisException):
    pass


class DeadlineExceeded(HypothesisException):
    pass


class Frozen(HypothesisException):
    pass
)PY";

const char* const kHypothesisSource = R"PY(
import enum as _enum
import functools as _functools
import inspect as _inspect
import random as _random
import unittest as _unittest

# `errors` and `strategies` (the submodules) are set by module_hypothesis.cpp.
_Unsatisfied = errors.UnsatisfiedAssumption
_ConjectureData = strategies._ConjectureData
_DataObject = strategies.DataObject

__version_info__ = (6, 140, 0)


class HealthCheck(_enum.Enum):
    data_too_large = 1
    filter_too_much = 2
    too_slow = 3
    return_value = 5
    large_base_example = 7
    not_a_test_method = 8
    function_scoped_fixture = 9
    differing_executors = 10
    nested_given = 11

    def __repr__(self):
        return 'HealthCheck.' + self.name

    @classmethod
    def all(cls):
        return list(cls)


class Verbosity(_enum.IntEnum):
    quiet = 0
    normal = 1
    verbose = 2
    debug = 3


class Phase(_enum.IntEnum):
    explicit = 0
    reuse = 1
    generate = 2
    target = 3
    shrink = 4
    explain = 5


_DEFAULTS = {
    'max_examples': 100,
    'derandomize': False,
    'database': None,
    'verbosity': Verbosity.normal,
    'phases': tuple(Phase),
    'stateful_step_count': 50,
    'report_multiple_bugs': True,
    'suppress_health_check': (),
    'deadline': 200,
    'print_blob': False,
    'backend': 'hypothesis',
}


class settings:
    _profiles = {}
    default = None

    def __init__(self, parent=None, **kwargs):
        for name in kwargs:
            if name not in _DEFAULTS:
                raise errors.InvalidArgument('Invalid argument: %r' % (name,))
        base = parent if parent is not None else settings.default
        for name, value in _DEFAULTS.items():
            if name in kwargs:
                value = kwargs[name]
            elif base is not None:
                value = getattr(base, name)
            if name == 'suppress_health_check':
                value = tuple(value)
            object.__setattr__(self, name, value)

    def __setattr__(self, name, value):
        raise AttributeError('settings objects are immutable')

    def __call__(self, test):
        test._hypothesis_internal_use_settings = self
        return test

    def __repr__(self):
        return 'settings(%s)' % ', '.join('%s=%r' % (k, getattr(self, k)) for k in _DEFAULTS)

    @staticmethod
    def register_profile(name, parent=None, **kwargs):
        settings._profiles[name] = settings(parent=parent, **kwargs)

    @staticmethod
    def get_profile(name):
        if name not in settings._profiles:
            raise errors.InvalidArgument('Profile %r is not registered' % (name,))
        return settings._profiles[name]

    @staticmethod
    def load_profile(name):
        settings.default = settings.get_profile(name)
        return settings.default


settings.default = settings()
settings._profiles['default'] = settings.default


def assume(condition):
    if not condition:
        raise _Unsatisfied()
    return True


def reject():
    raise _Unsatisfied()


def note(value):
    pass


def event(value, payload=''):
    pass


def target(observation, *, label=''):
    return observation


def seed(value):
    def accept(test):
        test._hypothesis_internal_use_seed = value
        return test
    return accept


def example(*args, **kwargs):
    def accept(test):
        test.hypothesis_explicit_examples = [(args, kwargs)] + list(getattr(test, 'hypothesis_explicit_examples', []))
        return test
    return accept


def _stable_seed(text):
    # FNV-1a over the name: the same seed on every run and every rung.
    h = 2166136261
    for ch in text:
        h = ((h ^ ord(ch)) * 16777619) & 0xFFFFFFFF
    return h


class HypothesisHandle:
    def __init__(self, inner_test, given_kwargs):
        self.inner_test = inner_test
        self._given_kwargs = given_kwargs


def _report(kind, test, names, args, kwargs, drawn, data_objects):
    lines = ['Falsifying %s: %s(' % (kind, test.__name__)]
    for name, value in zip(names, args):
        lines.append('    %s=%r,' % (name, value))
    for name, value in list(kwargs.items()) + list(drawn.items()):
        lines.append('    %s=%r,' % (name, value))
    lines.append(')')
    count = 0
    for obj in data_objects:
        for label, value in obj._draws:
            count += 1
            lines.append('Draw %d%s: %r' % (count, ' (%s)' % label if label else '', value))
    print('\n'.join(lines))


def _run_one(kind, test, names, args, kwargs, drawn, data_objects):
    try:
        test(*args, **kwargs, **drawn)
    except (_Unsatisfied, _unittest.SkipTest):
        raise
    except BaseException:
        _report(kind, test, names, args, kwargs, drawn, data_objects)
        raise


def _is_plain(value):
    if value is None or isinstance(value, (bool, int, float, str)):
        return True
    if isinstance(value, (tuple, list)):
        return all(_is_plain(v) for v in value)
    return False


def _example_key(drawn, choices):
    # Examples with equal plain arguments are the same example, however they
    # were drawn; anything else is keyed by the choices that made it.
    if all(_is_plain(v) for v in drawn.values()):
        return repr(sorted(drawn.items()))
    return tuple(choices)


def _run_examples(wrapper, test, names, strategies_by_name, args, kwargs):
    chosen = getattr(wrapper, '_hypothesis_internal_use_settings', None)
    if chosen is None:
        chosen = getattr(test, '_hypothesis_internal_use_settings', None)
    if chosen is None:
        chosen = settings.default
    for ex_args, ex_kwargs in getattr(test, 'hypothesis_explicit_examples', []):
        drawn = dict(zip([n for n in strategies_by_name if n not in ex_kwargs], ex_args))
        drawn.update(ex_kwargs)
        _run_one('explicit example', test, names, args, kwargs, drawn, [])
    base = getattr(wrapper, '_hypothesis_internal_use_seed', None)
    if base is None:
        base = _stable_seed(getattr(test, '__qualname__', test.__name__))
    valid = invalid = 0
    seen = set()
    attempt = 0
    limit = max(chosen.max_examples, 1) * 10
    while valid < chosen.max_examples and attempt < limit:
        data = _ConjectureData(_random.Random(base * 1000003 + attempt))
        attempt += 1
        try:
            drawn = {name: data.draw(s) for name, s in strategies_by_name.items()}
        except _Unsatisfied:
            invalid += 1
            continue
        data_objects = [v for v in drawn.values() if isinstance(v, _DataObject)]
        if not data_objects:
            key = _example_key(drawn, data.choices)
            if key in seen:
                continue
            seen.add(key)
        try:
            _run_one('example', test, names, args, kwargs, drawn, data_objects)
        except _Unsatisfied:
            invalid += 1
            continue
        valid += 1
    if valid == 0 and invalid > 0:
        raise errors.Unsatisfiable('Unable to satisfy assumptions of %s' % (test.__name__,))


def given(*given_arguments, **given_kwargs):
    def run_test_as_given(test):
        params = [p for p in _inspect.signature(test).parameters.values()
                  if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
        names = [p.name for p in params]
        if given_arguments and given_kwargs:
            raise errors.InvalidArgument('Cannot mix positional and keyword arguments to @given')
        if len(given_arguments) > max(len(names) - (1 if names and names[0] == 'self' else 0), 0):
            raise errors.InvalidArgument('Too many positional arguments for %s() were passed to @given' % test.__name__)
        strategies_by_name = dict(zip(names[len(names) - len(given_arguments):], given_arguments))
        strategies_by_name.update(given_kwargs)

        @_functools.wraps(test)
        def wrapped_test(*args, **kwargs):
            return _run_examples(wrapped_test, test, names, strategies_by_name, args, kwargs)

        wrapped_test.is_hypothesis_test = True
        wrapped_test.hypothesis = HypothesisHandle(test, strategies_by_name)
        return wrapped_test
    return run_test_as_given
)PY";

}  // namespace rungs::python
