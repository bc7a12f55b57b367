// The context managers and bookkeeping behind unittest.TestCase, written in
// Python and run first in the generated unittest module (module_unittest.cpp)
// so TestCase's defaults can name them: assertRaises/assertWarns contexts
// with CPython 3.11's failure texts, subTest's context and descriptions,
// and _Outcome, which records each part of a test (setUp, the method,
// tearDown, cleanups, subtests) into the result as CPython's
// testPartExecutor does.
namespace rungs::python {

extern const char* const kUnittestContextsSource;

const char* const kUnittestContextsSource = R"PY(
import re as _re
import warnings as _warnings


def _is_subtype(expected, basetype):
    if isinstance(expected, tuple):
        return all(_is_subtype(e, basetype) for e in expected)
    return isinstance(expected, type) and issubclass(expected, basetype)


class _AssertRaisesContext:
    def __init__(self, expected, test_case, expected_regex=None):
        if not _is_subtype(expected, BaseException):
            raise TypeError('assertRaises() arg 1 must be an exception type or tuple of exception types')
        self.expected = expected
        self.test_case = test_case
        if expected_regex is not None and isinstance(expected_regex, str):
            expected_regex = _re.compile(expected_regex)
        self.expected_regex = expected_regex
        self.obj_name = None
        self.msg = None

    def _raiseFailure(self, standardMsg):
        msg = self.test_case._formatMessage(self.msg, standardMsg)
        raise self.test_case.failureException(msg)

    def handle(self, name, args, kwargs):
        if not args:
            self.msg = kwargs.pop('msg', None)
            if kwargs:
                raise TypeError('%r is an invalid keyword argument for this function' % (next(iter(kwargs)),))
            return self
        callable_obj = args[0]
        args = args[1:]
        try:
            self.obj_name = callable_obj.__name__
        except AttributeError:
            self.obj_name = str(callable_obj)
        with self:
            callable_obj(*args, **kwargs)

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_value, tb):
        if exc_type is None:
            try:
                exc_name = self.expected.__name__
            except AttributeError:
                exc_name = str(self.expected)
            if self.obj_name:
                self._raiseFailure("{} not raised by {}".format(exc_name, self.obj_name))
            else:
                self._raiseFailure("{} not raised".format(exc_name))
        if not issubclass(exc_type, self.expected):
            return False
        self.exception = exc_value
        if self.expected_regex is None:
            return True
        if not self.expected_regex.search(str(exc_value)):
            self._raiseFailure('"{}" does not match "{}"'.format(self.expected_regex.pattern, str(exc_value)))
        return True


class _AssertWarnsContext:
    def __init__(self, expected, test_case, expected_regex=None):
        self.expected = expected
        self.test_case = test_case
        if isinstance(expected_regex, str):
            expected_regex = _re.compile(expected_regex)
        self.expected_regex = expected_regex
        self.msg = None
        self.obj_name = None

    def handle(self, args, kwargs):
        if not args:
            self.msg = kwargs.pop('msg', None)
            return self
        callable_obj, args = args[0], args[1:]
        self.obj_name = getattr(callable_obj, '__name__', str(callable_obj))
        with self:
            callable_obj(*args, **kwargs)

    def __enter__(self):
        self._catcher = _warnings.catch_warnings(record=True)
        self._records = self._catcher.__enter__()
        _warnings.simplefilter("always")
        return self

    def __exit__(self, exc_type, exc_value, tb):
        self._catcher.__exit__(exc_type, exc_value, tb)
        if exc_type is not None:
            return False
        first_matching = None
        for record in self._records:
            warning = record.message
            if not isinstance(warning, self.expected):
                continue
            if first_matching is None:
                first_matching = warning
            if self.expected_regex is not None and not self.expected_regex.search(str(warning)):
                continue
            self.warning = warning
            self.filename = record.filename
            self.lineno = record.lineno
            return None
        name = getattr(self.expected, '__name__', str(self.expected))
        if first_matching is not None:
            msg = '"{}" does not match "{}"'.format(self.expected_regex.pattern, str(first_matching))
        elif self.obj_name:
            msg = "{} not triggered by {}".format(name, self.obj_name)
        else:
            msg = "{} not triggered".format(name)
        raise self.test_case.failureException(self.test_case._formatMessage(self.msg, msg))


class _SubTest:
    def __init__(self, test_case, message, params):
        self.test_case = test_case
        self._message = message
        self.params = params
        self.failureException = test_case.failureException

    def _subDescription(self):
        parts = []
        if self._message is not _subtest_msg_sentinel:
            parts.append("[{}]".format(self._message))
        if self.params:
            params_desc = ', '.join("{}={!r}".format(k, v) for (k, v) in self.params.items())
            parts.append("({})".format(params_desc))
        return " ".join(parts) or '(<subtest>)'

    def id(self):
        return "{} {}".format(self.test_case.id(), self._subDescription())

    def shortDescription(self):
        return self.test_case.shortDescription()

    def __str__(self):
        return "{} {}".format(self.test_case, self._subDescription())


class _SubTestSentinel:
    pass


_subtest_msg_sentinel = _SubTestSentinel()


class _SubTestContext:
    # CPython's subTest: an exception inside the block is recorded against
    # the subtest and the test goes on after the block.
    def __init__(self, case, msg, params):
        self.case = case
        self.msg = msg
        self.params = params

    def __enter__(self):
        case = self.case
        self.parent = case._subtest
        params = dict(self.parent.params) if self.parent is not None else {}
        params.update(self.params)
        self.subtest = _SubTest(case, self.msg, params)
        case._subtest = self.subtest
        return None

    def __exit__(self, exc_type, exc_value, tb):
        case = self.case
        outcome = case._outcome
        case._subtest = self.parent
        if outcome is None:
            return False
        swallow = outcome._record(self.subtest, exc_type, exc_value, True)
        if outcome.result is not None and outcome.result.failfast and not outcome.success:
            raise _ShouldStop()
        return swallow


class _Outcome:
    def __init__(self, result):
        self.result = result
        self.expecting_failure = False
        self.success = True
        self.expectedFailure = None
        self.outer_frames = _outer_frames()

    def _record(self, test, exc_type, exc_value, is_subtest):
        # What testPartExecutor does with one part's outcome; True when the
        # exception is handled here.
        if exc_type is None:
            if is_subtest and self.success:
                self.result.addSubTest(test.test_case, test, None)
            return True
        if isinstance(exc_value, (KeyboardInterrupt, _ShouldStop)):
            return False
        if isinstance(exc_value, SkipTest):
            self.success = False
            self.result.addSkip(test, str(exc_value))
            return True
        # The traceback slot holds how many outer frames (the caller of the
        # runner) to leave out, as CPython's traceback starts at the catch.
        err = (exc_type, exc_value, self.outer_frames)
        if self.expecting_failure:
            self.expectedFailure = err
            return True
        self.success = False
        if is_subtest:
            self.result.addSubTest(test.test_case, test, err)
        elif issubclass(exc_type, test.failureException):
            self.result.addFailure(test, err)
        else:
            self.result.addError(test, err)
        return True

    def call(self, test, fn, args=(), kwargs=None):
        try:
            fn(*args, **(kwargs or {}))
        except BaseException as e:
            if not self._record(test, type(e), e, False):
                raise
            return False
        return True
)PY";

}  // namespace rungs::python
