// absl.testing's absltest and parameterized, written in Python on top of
// the engine's unittest (module_absl.cpp runs them). They follow absl-py's
// documented behaviour and output: absltest.main() reports each test as
// "[ RUN      ] Class.test" / "[       OK ] ..." / "[  FAILED  ] ..." /
// "[  SKIPPED ] ..." lines before unittest's summary, and exits as
// unittest.main() does; parameterized names generated tests as absl does
// (test_x0, test_x1 for `parameters`/`product`, test_x_name for
// `named_parameters`) and puts the arguments' repr in the test's id.
//
// absl generates the tests with a metaclass when the class is created; the
// engine has no metaclasses, so the generation happens when the loader
// first looks at the class (TestCase._rungs_expand), before any test of it
// is instantiated -- the names and order are the same.
namespace rungs::python {

extern const char* const kAbsltestSource;
extern const char* const kParameterizedSource;

const char* const kAbsltestSource = R"PY(
import unittest as _unittest
from unittest import SkipTest, skip, skipIf, skipUnless, expectedFailure


def _safe(obj):
    try:
        return repr(obj)
    except Exception:
        return object.__repr__(obj)


class TestCase(_unittest.TestCase):
    maxDiff = 80 * 20

    def fail(self, msg=None, user_msg=None):
        return super().fail(self._formatMessage(user_msg, msg))

    def enter_context(self, manager):
        return self.enterContext(manager)

    def assertLen(self, container, expected_len, msg=None):
        if len(container) != expected_len:
            self.fail('{} has length of {}, expected {}.'.format(_safe(container), len(container), expected_len), msg)

    def assertEmpty(self, container, msg=None):
        if len(container):
            self.fail('{} has length of {}.'.format(_safe(container), len(container)), msg)

    def assertNotEmpty(self, container, msg=None):
        if not len(container):
            self.fail('{} has length of 0.'.format(_safe(container)), msg)

    def assertStartsWith(self, actual, expected_start, msg=None):
        if not actual.startswith(expected_start):
            self.fail('%r does not start with %r' % (actual, expected_start), msg)

    def assertEndsWith(self, actual, expected_end, msg=None):
        if not actual.endswith(expected_end):
            self.fail('%r does not end with %r' % (actual, expected_end), msg)

    def assertBetween(self, value, minv, maxv, msg=None):
        if not minv <= value <= maxv:
            self.fail('"%r" unexpectedly not between "%r" and "%r"' % (value, minv, maxv), msg)

    def assertSameElements(self, expected_seq, actual_seq, msg=None):
        missing = [x for x in expected_seq if x not in actual_seq]
        unexpected = [x for x in actual_seq if x not in expected_seq]
        if missing or unexpected:
            errors = []
            if missing:
                errors.append('Expected, but missing:\n    %s\n' % _safe(missing))
            if unexpected:
                errors.append('Unexpected, but present:\n    %s\n' % _safe(unexpected))
            self.fail(''.join(errors), msg)

    def assertContainsSubset(self, expected_subset, actual_set, msg=None):
        missing = [x for x in expected_subset if x not in actual_set]
        if missing:
            self.fail('Missing elements %s\nExpected: %s\nActual: %s' % (missing, expected_subset, actual_set), msg)

    def assertNoCommonElements(self, expected_seq, actual_seq, msg=None):
        common = [x for x in expected_seq if x in actual_seq]
        if common:
            self.fail('Common elements %s\nExpected: %s\nActual: %s' % (common, expected_seq, actual_seq), msg)

    def assertSequenceStartsWith(self, prefix, whole, msg=None):
        if list(whole[:len(prefix)]) != list(prefix):
            self.fail('%r does not start with %r' % (whole, prefix), msg)


class TestLoader(_unittest.TestLoader):
    pass


class _ResultWithStatus(_unittest.TextTestResult):
    # absl's per-test status lines; the dots of unittest's verbosity 1 are off.
    def __init__(self, stream, descriptions, verbosity):
        super().__init__(stream, descriptions, 0)
        self._per_test_output = verbosity > 0

    def _print_status(self, tag, test):
        if self._per_test_output:
            test_id = test.id()
            if test_id.startswith('__main__.'):
                test_id = test_id[len('__main__.'):]
            self.stream.writeln('[%s] %s' % (tag, test_id))
            self.stream.flush()

    def startTest(self, test):
        super().startTest(test)
        self._print_status(' RUN      ', test)

    def addSuccess(self, test):
        super().addSuccess(test)
        self._print_status('       OK ', test)

    def addError(self, test, err):
        super().addError(test, err)
        self._print_status('  FAILED  ', test)

    def addFailure(self, test, err):
        super().addFailure(test, err)
        self._print_status('  FAILED  ', test)

    def addSkip(self, test, reason):
        super().addSkip(test, reason)
        self._print_status('  SKIPPED ', test)

    def addExpectedFailure(self, test, err):
        super().addExpectedFailure(test, err)
        self._print_status('       OK ', test)

    def addUnexpectedSuccess(self, test):
        super().addUnexpectedSuccess(test)
        self._print_status('  FAILED  ', test)


class TextTestRunner(_unittest.TextTestRunner):
    resultclass = _ResultWithStatus


def skipThisClass(reason):
    # The decorated class's own tests are skipped (its setUpClass raises
    # SkipTest); its subclasses run as usual.
    if isinstance(reason, type) and issubclass(reason, _unittest.TestCase):
        raise TypeError('Got {!r}, expected reason as string'.format(reason))

    def _skip_class(test_case_class):
        if not issubclass(test_case_class, _unittest.TestCase):
            raise TypeError('Decorating {!r}, expected TestCase subclass'.format(test_case_class))
        implemented = test_case_class.__dict__.get('setUpClass')

        @classmethod
        def replacement_setupclass(cls, *args, **kwargs):
            if cls is test_case_class:
                raise SkipTest(reason)
            if implemented is not None:
                return implemented.__func__(cls, *args, **kwargs)
            return super(test_case_class, cls).setUpClass(*args, **kwargs)

        test_case_class.setUpClass = replacement_setupclass
        return test_case_class

    return _skip_class


def main(*args, **kwargs):
    kwargs.setdefault('testRunner', TextTestRunner)
    kwargs.setdefault('testLoader', TestLoader())
    kwargs['exit'] = False
    program = _unittest.TestProgram(*args, **kwargs)
    raise SystemExit(not program.result.wasSuccessful())
)PY";

const char* const kParameterizedSource = R"PY(
import itertools as _itertools
import functools as _functools
import re as _re
from absl.testing import absltest as _absltest

_ADDR_RE = _re.compile(r'\<([a-zA-Z0-9_\-\.]+) object at 0x[a-fA-F0-9]+\>')
_NAMED = 'named'
_ARGUMENT_REPR = 'repr'


class NoTestsError(Exception):
    pass


class DuplicateTestNameError(Exception):
    def __init__(self, test_class_name, new_test_name, original_test_name):
        super().__init__(
            'Duplicate parameterized test name in {}: generated test name {!r} (generated from {!r}) '
            'already exists. Consider using named_parameters() to give your tests unique names '
            'and/or renaming the conflicting test method.'.format(test_class_name, new_test_name, original_test_name))


def _is_mapping(x):
    return isinstance(x, dict)


def _non_string_iterable(x):
    if isinstance(x, str):
        return False
    try:
        iter(x)
    except TypeError:
        return False
    return True


def _clean_repr(obj):
    return _ADDR_RE.sub(r'<\1>', repr(obj))


def _format_parameter_list(params):
    if _is_mapping(params):
        return ', '.join('%s=%s' % (name, _clean_repr(value)) for name, value in params.items())
    if _non_string_iterable(params):
        return ', '.join(_clean_repr(p) for p in params)
    return _format_parameter_list((params,))


def _bind(test_method, params):
    @_functools.wraps(test_method)
    def bound_param_test(self):
        if _is_mapping(params):
            return test_method(self, **params)
        if _non_string_iterable(params):
            return test_method(self, *params)
        return test_method(self, params)
    return bound_param_test


class _ParameterizedTestIter:
    # What a decorated test method becomes until its class is expanded.
    def __init__(self, test_method, testcases, naming_type, original_name=None):
        self._test_method = test_method
        self.testcases = testcases
        self._naming_type = naming_type
        self._original_name = original_name or test_method.__name__
        self.__name__ = self._original_name

    def __call__(self, *args, **kwargs):
        raise RuntimeError('You appear to be running a parameterized test case without having inherited '
                           'from parameterized.TestCase. This is bad because none of your test cases '
                           'are actually being run.')

    def generated(self):
        out = []
        for params in self.testcases:
            if _is_mapping(params) or not _non_string_iterable(params) or self._naming_type == _NAMED:
                pass
            else:
                params = tuple(params)
            if self._naming_type == _NAMED:
                if _is_mapping(params):
                    if 'testcase_name' not in params:
                        raise RuntimeError('Dict for named tests must contain key "testcase_name"')
                    name = params['testcase_name']
                    params = {k: v for k, v in params.items() if k != 'testcase_name'}
                elif _non_string_iterable(params):
                    params = tuple(params)
                    if not isinstance(params[0], str):
                        raise RuntimeError('The first element of named test parameters is the test name '
                                           'suffix and must be a string')
                    name = params[0]
                    params = params[1:]
                else:
                    raise RuntimeError('Named tests must be passed a dict or non-string iterable.')
                base = self._original_name
                if base.startswith('test_') and name and not name.startswith('_'):
                    base += '_'
                out.append((base + str(name), True, '', _bind(self._test_method, params)))
            else:
                out.append((None, False, '(%s)' % _format_parameter_list(params), _bind(self._test_method, params)))
        return out


def _decorator(naming_type, testcases):
    def apply(obj):
        if isinstance(obj, type):
            for name in list(obj.__dict__):
                value = obj.__dict__[name]
                if name.startswith('test') and callable(value) and not isinstance(value, type):
                    method = value._test_method if isinstance(value, _ParameterizedTestIter) else value
                    setattr(obj, name, _ParameterizedTestIter(method, testcases, naming_type, name))
            return obj
        if isinstance(obj, _ParameterizedTestIter):
            raise NotImplementedError('stacking parameterized decorators on one test method is not supported by Rungs')
        return _ParameterizedTestIter(obj, testcases, naming_type)
    if len(testcases) == 1 and not isinstance(testcases[0], tuple) and not _is_mapping(testcases[0]):
        testcases = testcases[0]
    return apply


def parameters(*testcases):
    return _decorator(_ARGUMENT_REPR, testcases)


def named_parameters(*testcases):
    return _decorator(_NAMED, testcases)


def product(*kwargs_seqs, **testgrid):
    for name, values in testgrid.items():
        if not isinstance(values, (list, tuple)):
            raise AssertionError('Values of {} must be given as list or tuple, found {}'.format(name, type(values)))
    axes = [[list(kwargs.items()) for kwargs in seq] for seq in kwargs_seqs]
    axes += [[[(name, value)] for value in values] for name, values in testgrid.items()]
    testcases = [dict(_itertools.chain.from_iterable(case)) for case in _itertools.product(*axes)]
    return _decorator(_ARGUMENT_REPR, (testcases,))


def _expand_own(cls):
    if '_rungs_expanded' in cls.__dict__:
        return
    cls._rungs_expanded = True
    reprs = dict(getattr(cls, '_test_params_reprs', {}))
    for name in list(cls.__dict__):
        value = cls.__dict__[name]
        if not isinstance(value, _ParameterizedTestIter):
            continue
        delattr(cls, name)
        for idx, (new_name, use_name, params_repr, func) in enumerate(value.generated()):
            if not use_name:
                new_name = '%s%d' % (name, idx)
            if new_name in cls.__dict__:
                raise DuplicateTestNameError(cls.__name__, new_name, name)
            func.__name__ = new_name
            setattr(cls, new_name, func)
            reprs[new_name] = params_repr
    cls._test_params_reprs = reprs


class TestCase(_absltest.TestCase):
    _test_params_reprs = {}

    @classmethod
    def _rungs_expand(cls):
        for klass in reversed(cls.__mro__):
            if isinstance(klass, type) and issubclass(klass, TestCase):
                _expand_own(klass)
        merged = {}
        for klass in reversed(cls.__mro__):
            merged.update(getattr(klass, '__dict__', {}).get('_test_params_reprs', {}))
        cls._test_params_reprs = merged

    def _get_params_repr(self):
        return self._test_params_reprs.get(self._testMethodName, '')

    def __str__(self):
        params_repr = self._get_params_repr()
        if params_repr:
            params_repr = ' ' + params_repr
        return '{}{} ({}.{})'.format(self._testMethodName, params_repr, self.__class__.__module__,
                                     self.__class__.__qualname__)

    def id(self):
        base = super().id()
        params_repr = self._get_params_repr()
        if params_repr:
            return '{} {}'.format(base, params_repr)
        return base
)PY";

}  // namespace rungs::python
