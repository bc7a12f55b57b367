// unittest's TestCase half, written in Python and run as generated source
// (module_unittest.cpp): SkipTest and the skip decorators, TestCase with
// its fixtures, cleanups, subTest and the assert methods, each failing with
// CPython 3.11's message text. Sequence, dict and set comparisons give the
// headline CPython gives without the difflib diff that follows it there.
namespace rungs::python {

extern const char* const kUnittestCaseSource;

const char* const kUnittestCaseSource = R"PY(
import re as _re
import functools as _functools

_MAX_LENGTH = 80


def _safe_repr(obj, short=False):
    try:
        result = repr(obj)
    except Exception:
        result = object.__repr__(obj)
    if not short or len(result) < _MAX_LENGTH:
        return result
    return result[:_MAX_LENGTH] + ' [truncated]...'


class _Probe(Exception):
    pass


def _outer_frames():
    # The program's frames above the runner: a traceback recorded in a test
    # starts with them, CPython's does not.
    try:
        raise _Probe()
    except _Probe as probe:
        return len(_traceback_lines(probe))


def _strclass(cls):
    return "%s.%s" % (cls.__module__, cls.__qualname__)


class SkipTest(Exception):
    pass


class _ShouldStop(Exception):
    pass


def skip(reason):
    def decorator(test_item):
        if not isinstance(test_item, type):
            original = test_item

            @_functools.wraps(original)
            def skip_wrapper(*args, **kwargs):
                raise SkipTest(reason)
            test_item = skip_wrapper
        test_item.__unittest_skip__ = True
        test_item.__unittest_skip_why__ = reason
        return test_item
    if callable(reason) and not isinstance(reason, str):
        # @unittest.skip without a reason (3.11 accepts it)
        test_item = reason
        reason = ''
        return decorator(test_item)
    return decorator


def _identity(obj):
    return obj


def skipIf(condition, reason):
    if condition:
        return skip(reason)
    return _identity


def skipUnless(condition, reason):
    if not condition:
        return skip(reason)
    return _identity


def expectedFailure(test_item):
    test_item.__unittest_expecting_failure__ = True
    return test_item


class TestCase:
    failureException = AssertionError
    longMessage = True
    maxDiff = 80 * 8
    _classSetupFailed = False

    def __init__(self, methodName='runTest'):
        self._testMethodName = methodName
        self._outcome = None
        self._testMethodDoc = 'No test'
        self._cleanups = []
        self._subtest = None
        try:
            testMethod = getattr(self, methodName)
        except AttributeError:
            if methodName != 'runTest':
                raise ValueError("no such test method in %s: %s" % (self.__class__, methodName))
        else:
            self._testMethodDoc = getattr(testMethod, '__doc__', None)

    def setUp(self):
        pass

    def tearDown(self):
        pass

    @classmethod
    def setUpClass(cls):
        pass

    @classmethod
    def tearDownClass(cls):
        pass

    def addCleanup(self, function, *args, **kwargs):
        self._cleanups.append((function, args, kwargs))

    def enterContext(self, cm):
        result = cm.__enter__()
        self.addCleanup(cm.__exit__, None, None, None)
        return result

    def doCleanups(self):
        outcome = self._outcome or _Outcome(None)
        while self._cleanups:
            function, args, kwargs = self._cleanups.pop()
            outcome.call(self, function, args, kwargs)
        return outcome.success

    def countTestCases(self):
        return 1

    def defaultTestResult(self):
        return TestResult()

    def shortDescription(self):
        doc = self._testMethodDoc
        return doc.strip().split("\n")[0].strip() if doc else None

    def id(self):
        return "%s.%s" % (_strclass(self.__class__), self._testMethodName)

    def __eq__(self, other):
        if type(self) is not type(other):
            return NotImplemented
        return self._testMethodName == other._testMethodName

    def __hash__(self):
        return hash((type(self), self._testMethodName))

    def __str__(self):
        return "%s (%s.%s)" % (self._testMethodName, _strclass(self.__class__), self._testMethodName)

    def __repr__(self):
        return "<%s testMethod=%s>" % (_strclass(self.__class__), self._testMethodName)

    def subTest(self, msg=_subtest_msg_sentinel, **params):
        return _SubTestContext(self, msg, params)

    def __call__(self, *args, **kwds):
        return self.run(*args, **kwds)

    def run(self, result=None):
        if result is None:
            result = self.defaultTestResult()
        result.startTest(self)
        try:
            testMethod = getattr(self, self._testMethodName)
            if (getattr(self.__class__, "__unittest_skip__", False) or
                    getattr(testMethod, "__unittest_skip__", False)):
                why = (getattr(self.__class__, '__unittest_skip_why__', '') or
                       getattr(testMethod, '__unittest_skip_why__', ''))
                result.addSkip(self, why)
                return result
            outcome = _Outcome(result)
            expecting = (getattr(self, "__unittest_expecting_failure__", False) or
                         getattr(testMethod, "__unittest_expecting_failure__", False))
            self._outcome = outcome
            if outcome.call(self, self.setUp):
                outcome.expecting_failure = expecting
                outcome.call(self, testMethod)
                outcome.expecting_failure = False
                outcome.call(self, self.tearDown)
            self.doCleanups()
            if outcome.success:
                if expecting:
                    if outcome.expectedFailure:
                        result.addExpectedFailure(self, outcome.expectedFailure)
                    else:
                        result.addUnexpectedSuccess(self)
                else:
                    result.addSuccess(self)
            return result
        finally:
            result.stopTest(self)
            self._outcome = None

    def debug(self):
        self.setUp()
        getattr(self, self._testMethodName)()
        self.tearDown()
        while self._cleanups:
            function, args, kwargs = self._cleanups.pop()
            function(*args, **kwargs)

    def skipTest(self, reason):
        raise SkipTest(reason)

    def fail(self, msg=None):
        raise self.failureException(msg)

    def _formatMessage(self, msg, standardMsg):
        if not self.longMessage:
            return msg or standardMsg
        if msg is None:
            return standardMsg
        return '%s : %s' % (standardMsg, msg)

    def assertFalse(self, expr, msg=None):
        if expr:
            self.fail(self._formatMessage(msg, "%s is not false" % _safe_repr(expr)))

    def assertTrue(self, expr, msg=None):
        if not expr:
            self.fail(self._formatMessage(msg, "%s is not true" % _safe_repr(expr)))

    def assertRaises(self, expected_exception, *args, **kwargs):
        return _AssertRaisesContext(expected_exception, self).handle('assertRaises', args, kwargs)

    def assertRaisesRegex(self, expected_exception, expected_regex, *args, **kwargs):
        context = _AssertRaisesContext(expected_exception, self, expected_regex)
        return context.handle('assertRaisesRegex', args, kwargs)

    def assertWarns(self, expected_warning, *args, **kwargs):
        return _AssertWarnsContext(expected_warning, self).handle(args, kwargs)

    def assertWarnsRegex(self, expected_warning, expected_regex, *args, **kwargs):
        return _AssertWarnsContext(expected_warning, self, expected_regex).handle(args, kwargs)

    def assertLogs(self, logger=None, level=None):
        # Rungs' logging drops its records (module_logging.cpp): nothing to capture.
        raise NotImplementedError("unittest.TestCase.assertLogs is not supported by Rungs")

    def assertNoLogs(self, logger=None, level=None):
        raise NotImplementedError("unittest.TestCase.assertNoLogs is not supported by Rungs")

    def _getAssertEqualityFunc(self, first, second):
        if type(first) == type(second):
            name = {dict: 'assertDictEqual', list: 'assertListEqual', tuple: 'assertTupleEqual',
                    set: 'assertSetEqual', frozenset: 'assertSetEqual',
                    str: 'assertMultiLineEqual'}.get(type(first))
            if name is not None:
                return getattr(self, name)
        return self._baseAssertEqual

    def _baseAssertEqual(self, first, second, msg=None):
        if not first == second:
            standardMsg = '%s != %s' % (_safe_repr(first), _safe_repr(second))
            self.fail(self._formatMessage(msg, standardMsg))

    def assertEqual(self, first, second, msg=None):
        self._getAssertEqualityFunc(first, second)(first, second, msg=msg)

    def assertNotEqual(self, first, second, msg=None):
        if not first != second:
            self.fail(self._formatMessage(msg, '%s == %s' % (_safe_repr(first), _safe_repr(second))))

    def assertAlmostEqual(self, first, second, places=None, msg=None, delta=None):
        if first == second:
            return
        if delta is not None and places is not None:
            raise TypeError("specify delta or places not both")
        diff = abs(first - second)
        if delta is not None:
            if diff <= delta:
                return
            standardMsg = '%s != %s within %s delta (%s difference)' % (
                _safe_repr(first), _safe_repr(second), _safe_repr(delta), _safe_repr(diff))
        else:
            if places is None:
                places = 7
            if round(diff, places) == 0:
                return
            standardMsg = '%s != %s within %r places (%s difference)' % (
                _safe_repr(first), _safe_repr(second), places, _safe_repr(diff))
        self.fail(self._formatMessage(msg, standardMsg))

    def assertNotAlmostEqual(self, first, second, places=None, msg=None, delta=None):
        if delta is not None and places is not None:
            raise TypeError("specify delta or places not both")
        diff = abs(first - second)
        if delta is not None:
            if not (first == second) and diff > delta:
                return
            standardMsg = '%s == %s within %s delta (%s difference)' % (
                _safe_repr(first), _safe_repr(second), _safe_repr(delta), _safe_repr(diff))
        else:
            if places is None:
                places = 7
            if not (first == second) and round(diff, places) != 0:
                return
            standardMsg = '%s == %s within %r places' % (_safe_repr(first), _safe_repr(second), places)
        self.fail(self._formatMessage(msg, standardMsg))

    def assertSequenceEqual(self, seq1, seq2, msg=None, seq_type=None):
        if seq_type is not None:
            seq_type_name = seq_type.__name__
            if not isinstance(seq1, seq_type):
                raise self.failureException('First sequence is not a %s: %s' % (seq_type_name, _safe_repr(seq1)))
            if not isinstance(seq2, seq_type):
                raise self.failureException('Second sequence is not a %s: %s' % (seq_type_name, _safe_repr(seq2)))
        else:
            seq_type_name = "sequence"
        if seq1 == seq2:
            return
        len1 = len(seq1)
        len2 = len(seq2)
        differing = '%ss differ: %s != %s\n' % ((seq_type_name.capitalize(),) + (_safe_repr(seq1, True), _safe_repr(seq2, True)))
        for i in range(min(len1, len2)):
            if seq1[i] != seq2[i]:
                differing += '\nFirst differing element %d:\n%s\n%s\n' % ((i,) + (_safe_repr(seq1[i], True), _safe_repr(seq2[i], True)))
                break
        else:
            if len1 > len2:
                differing += ('\nFirst %s contains %d additional elements.\n' % (seq_type_name, len1 - len2))
                differing += ('First extra element %d:\n%s\n' % (len2, _safe_repr(seq1[len2], True)))
            elif len1 < len2:
                differing += ('\nSecond %s contains %d additional elements.\n' % (seq_type_name, len2 - len1))
                differing += ('First extra element %d:\n%s\n' % (len1, _safe_repr(seq2[len1], True)))
        self.fail(self._formatMessage(msg, differing))

    def assertListEqual(self, list1, list2, msg=None):
        self.assertSequenceEqual(list1, list2, msg, seq_type=list)

    def assertTupleEqual(self, tuple1, tuple2, msg=None):
        self.assertSequenceEqual(tuple1, tuple2, msg, seq_type=tuple)

    def assertSetEqual(self, set1, set2, msg=None):
        difference1 = set1.difference(set2)
        difference2 = set2.difference(set1)
        if not (difference1 or difference2):
            return
        lines = []
        if difference1:
            lines.append('Items in the first set but not the second:')
            for item in difference1:
                lines.append(repr(item))
        if difference2:
            lines.append('Items in the second set but not the first:')
            for item in difference2:
                lines.append(repr(item))
        self.fail(self._formatMessage(msg, '\n'.join(lines)))

    def assertDictEqual(self, d1, d2, msg=None):
        self.assertIsInstance(d1, dict, 'First argument is not a dictionary')
        self.assertIsInstance(d2, dict, 'Second argument is not a dictionary')
        if d1 != d2:
            self.fail(self._formatMessage(msg, '%s != %s' % (_safe_repr(d1, True), _safe_repr(d2, True))))

    def assertMultiLineEqual(self, first, second, msg=None):
        self.assertIsInstance(first, str, 'First argument is not a string')
        self.assertIsInstance(second, str, 'Second argument is not a string')
        if first != second:
            self.fail(self._formatMessage(msg, '%s != %s' % (_safe_repr(first, True), _safe_repr(second, True))))

    def assertCountEqual(self, first, second, msg=None):
        first_seq, second_seq = list(first), list(second)
        lines = []
        for elem in first_seq + second_seq:
            cnt_s, cnt_t = first_seq.count(elem), second_seq.count(elem)
            line = 'First has %d, Second has %d:  %r' % (cnt_s, cnt_t, elem)
            if cnt_s != cnt_t and line not in lines:
                lines.append(line)
        if lines:
            self.fail(self._formatMessage(msg, 'Element counts were not equal:\n' + '\n'.join(lines)))

    def assertIn(self, member, container, msg=None):
        if member not in container:
            self.fail(self._formatMessage(msg, '%s not found in %s' % (_safe_repr(member), _safe_repr(container))))

    def assertNotIn(self, member, container, msg=None):
        if member in container:
            self.fail(self._formatMessage(msg, '%s unexpectedly found in %s' % (_safe_repr(member), _safe_repr(container))))

    def assertIs(self, expr1, expr2, msg=None):
        if expr1 is not expr2:
            self.fail(self._formatMessage(msg, '%s is not %s' % (_safe_repr(expr1), _safe_repr(expr2))))

    def assertIsNot(self, expr1, expr2, msg=None):
        if expr1 is expr2:
            self.fail(self._formatMessage(msg, 'unexpectedly identical: %s' % (_safe_repr(expr1),)))

    def assertIsNone(self, obj, msg=None):
        if obj is not None:
            self.fail(self._formatMessage(msg, '%s is not None' % (_safe_repr(obj),)))

    def assertIsNotNone(self, obj, msg=None):
        if obj is None:
            self.fail(self._formatMessage(msg, 'unexpectedly None'))

    def assertIsInstance(self, obj, cls, msg=None):
        if not isinstance(obj, cls):
            self.fail(self._formatMessage(msg, '%s is not an instance of %r' % (_safe_repr(obj), cls)))

    def assertNotIsInstance(self, obj, cls, msg=None):
        if isinstance(obj, cls):
            self.fail(self._formatMessage(msg, '%s is an instance of %r' % (_safe_repr(obj), cls)))

    def assertLess(self, a, b, msg=None):
        if not a < b:
            self.fail(self._formatMessage(msg, '%s not less than %s' % (_safe_repr(a), _safe_repr(b))))

    def assertLessEqual(self, a, b, msg=None):
        if not a <= b:
            self.fail(self._formatMessage(msg, '%s not less than or equal to %s' % (_safe_repr(a), _safe_repr(b))))

    def assertGreater(self, a, b, msg=None):
        if not a > b:
            self.fail(self._formatMessage(msg, '%s not greater than %s' % (_safe_repr(a), _safe_repr(b))))

    def assertGreaterEqual(self, a, b, msg=None):
        if not a >= b:
            self.fail(self._formatMessage(msg, '%s not greater than or equal to %s' % (_safe_repr(a), _safe_repr(b))))

    def assertRegex(self, text, expected_regex, msg=None):
        if isinstance(expected_regex, str):
            expected_regex = _re.compile(expected_regex)
        if not expected_regex.search(text):
            standardMsg = "Regex didn't match: %r not found in %r" % (expected_regex.pattern, text)
            self.fail(self._formatMessage(msg, standardMsg))

    def assertNotRegex(self, text, unexpected_regex, msg=None):
        if isinstance(unexpected_regex, str):
            unexpected_regex = _re.compile(unexpected_regex)
        match = unexpected_regex.search(text)
        if match:
            standardMsg = 'Regex matched: %r matches %r in %r' % (
                text[match.start():match.end()], unexpected_regex.pattern, text)
            self.fail(self._formatMessage(msg, standardMsg))

)PY";

}  // namespace rungs::python
