// unittest's running half, written in Python and run after
// unittest_case_source.cpp in the same generated module: TestSuite (with
// setUpClass/tearDownClass around each class's tests), TestLoader,
// TestResult, TextTestRunner's report as CPython 3.11 writes it (dots or
// "... ok" lines, FAIL/ERROR sections, "Ran N tests in X.XXXs", the
// OK/FAILED summary) and main(), which exits with SystemExit as CPython's
// does. The report goes to stderr (_stderr_line), as CPython's does.
namespace rungs::python {

extern const char* const kUnittestRunnerSource;

const char* const kUnittestRunnerSource = R"PY(
import time as _time


class _ErrorHolder:
    # Stands for a class fixture that failed (setUpClass, tearDownClass).
    failureException = None

    def __init__(self, description):
        self.description = description

    def id(self):
        return self.description

    def shortDescription(self):
        return None

    def __str__(self):
        return self.id()


def _flatten(test, out):
    if isinstance(test, TestSuite):
        for t in test._tests:
            _flatten(t, out)
    else:
        out.append(test)
    return out


class TestSuite:
    def __init__(self, tests=()):
        self._tests = []
        self.addTests(tests)

    def __iter__(self):
        return iter(self._tests)

    def countTestCases(self):
        return sum(t.countTestCases() for t in self._tests)

    def addTest(self, test):
        if not callable(test):
            raise TypeError("{} is not callable".format(repr(test)))
        if isinstance(test, type) and issubclass(test, (TestCase, TestSuite)):
            raise TypeError("TestCases and TestSuites must be instantiated before passing them to addTest()")
        self._tests.append(test)

    def addTests(self, tests):
        if isinstance(tests, str):
            raise TypeError("tests must be an iterable of tests, not a string")
        for test in tests:
            self.addTest(test)

    def __call__(self, *args, **kwds):
        return self.run(*args, **kwds)

    def _class_error(self, result, cls, fixture, e):
        holder = _ErrorHolder('%s (%s)' % (fixture, _strclass(cls)))
        if isinstance(e, SkipTest):
            result.addSkip(holder, str(e))
        else:
            result.addError(holder, (type(e), e, _outer_frames()))

    def run(self, result, debug=False):
        current = None
        skipped_class = False
        for test in _flatten(self, []):
            if result.shouldStop:
                break
            cls = test.__class__
            if cls is not current:
                if current is not None and not skipped_class:
                    self._tear_down_class(current, result)
                current = cls
                skipped_class = getattr(cls, '__unittest_skip__', False)
                cls._classSetupFailed = False
                if not skipped_class:
                    try:
                        cls.setUpClass()
                    except BaseException as e:
                        cls._classSetupFailed = True
                        self._class_error(result, cls, 'setUpClass', e)
            if cls._classSetupFailed:
                continue
            test(result)
        if current is not None and not skipped_class and not current._classSetupFailed:
            self._tear_down_class(current, result)
        return result

    def _tear_down_class(self, cls, result):
        if cls._classSetupFailed:
            return
        try:
            cls.tearDownClass()
        except BaseException as e:
            self._class_error(result, cls, 'tearDownClass', e)


class TestLoader:
    testMethodPrefix = 'test'
    sortTestMethodsUsing = None
    suiteClass = TestSuite

    def __init__(self):
        self.errors = []

    def getTestCaseNames(self, testCaseClass):
        # absl's parameterized.TestCase generates its tests here (there is
        # no metaclass to do it when the class is created).
        expand = getattr(testCaseClass, '_rungs_expand', None)
        if expand is not None:
            expand()
        names = set()
        for klass in testCaseClass.__mro__:
            for name in getattr(klass, '__dict__', {}):
                if name.startswith(self.testMethodPrefix) and callable(getattr(testCaseClass, name)):
                    names.add(name)
        return sorted(names)

    def loadTestsFromTestCase(self, testCaseClass):
        if issubclass(testCaseClass, TestSuite):
            raise TypeError("Test cases should not be derived from TestSuite. Maybe you meant to derive from TestCase?")
        names = self.getTestCaseNames(testCaseClass)
        if not names and hasattr(testCaseClass, 'runTest'):
            names = ['runTest']
        return self.suiteClass([testCaseClass(name) for name in names])

    def _load_from_names(self, namespace):
        tests = []
        for name in sorted(namespace):
            obj = namespace[name]
            if isinstance(obj, type) and issubclass(obj, TestCase):
                tests.append(self.loadTestsFromTestCase(obj))
        return self.suiteClass(tests)

    def loadTestsFromModule(self, module, *, pattern=None):
        return self._load_from_names(dict(getattr(module, '__dict__', {})))


defaultTestLoader = TestLoader()


def _exception_text(err):
    exc_type, value = err[0], err[1]
    lines = ['Traceback (most recent call last):']
    frames = _traceback_lines(value)
    skip = err[2] if isinstance(err[2], int) else 0
    lines.extend(frames[skip:] if skip < len(frames) else frames[-1:])
    name = getattr(exc_type, '__qualname__', exc_type.__name__)
    module = getattr(exc_type, '__module__', 'builtins')
    if module not in ('builtins', '__main__', None):
        name = module + '.' + name
    text = str(value)
    lines.append(name + ': ' + text if text else name)
    return '\n'.join(lines) + '\n'


class TestResult:
    _previousTestClass = None
    _moduleSetUpFailed = False

    def __init__(self, stream=None, descriptions=None, verbosity=None):
        self.failfast = False
        self.failures = []
        self.errors = []
        self.testsRun = 0
        self.skipped = []
        self.expectedFailures = []
        self.unexpectedSuccesses = []
        self.shouldStop = False
        self.buffer = False
        self.tb_locals = False

    def printErrors(self):
        pass

    def startTest(self, test):
        self.testsRun += 1

    def startTestRun(self):
        pass

    def stopTest(self, test):
        pass

    def stopTestRun(self):
        pass

    def _exc_info_to_string(self, err, test):
        return _exception_text(err)

    def addError(self, test, err):
        self.errors.append((test, self._exc_info_to_string(err, test)))
        if self.failfast:
            self.stop()

    def addFailure(self, test, err):
        self.failures.append((test, self._exc_info_to_string(err, test)))
        if self.failfast:
            self.stop()

    def addSubTest(self, test, subtest, err):
        if err is not None:
            if issubclass(err[0], test.failureException):
                self.failures.append((subtest, self._exc_info_to_string(err, test)))
            else:
                self.errors.append((subtest, self._exc_info_to_string(err, test)))
            if self.failfast:
                self.stop()

    def addSuccess(self, test):
        pass

    def addSkip(self, test, reason):
        self.skipped.append((test, reason))

    def addExpectedFailure(self, test, err):
        self.expectedFailures.append((test, self._exc_info_to_string(err, test)))

    def addUnexpectedSuccess(self, test):
        self.unexpectedSuccesses.append(test)

    def wasSuccessful(self):
        return (len(self.failures) == len(self.errors) == 0) and len(self.unexpectedSuccesses) == 0

    def stop(self):
        self.shouldStop = True

    def __repr__(self):
        return ("<%s run=%i errors=%i failures=%i>" %
                (_strclass(self.__class__), self.testsRun, len(self.errors), len(self.failures)))


class _StderrStream:
    # The run's stderr, a line at a time (the engine keeps whole lines).
    def __init__(self):
        self._pending = ''

    def write(self, text):
        text = self._pending + text
        lines = text.split('\n')
        self._pending = lines.pop()
        for line in lines:
            _stderr_line(line)

    def writeln(self, arg=None):
        if arg:
            self.write(arg)
        self.write('\n')

    def flush(self):
        pass

    def close_line(self):
        if self._pending:
            _stderr_line(self._pending)
            self._pending = ''


class _WritelnDecorator:
    def __init__(self, stream):
        self.stream = stream

    def write(self, text):
        self.stream.write(text)

    def writeln(self, arg=None):
        if arg:
            self.stream.write(arg)
        self.stream.write('\n')

    def flush(self):
        flush = getattr(self.stream, 'flush', None)
        if flush is not None:
            flush()


class TextTestResult(TestResult):
    separator1 = '=' * 70
    separator2 = '-' * 70

    def __init__(self, stream, descriptions, verbosity):
        super().__init__(stream, descriptions, verbosity)
        self.stream = stream
        self.showAll = verbosity > 1
        self.dots = verbosity == 1
        self.descriptions = descriptions

    def getDescription(self, test):
        doc_first_line = test.shortDescription()
        if self.descriptions and doc_first_line:
            return '\n'.join((str(test), doc_first_line))
        return str(test)

    def startTest(self, test):
        super().startTest(test)
        if self.showAll:
            self.stream.write(self.getDescription(test))
            self.stream.write(" ... ")
            self.stream.flush()

    def _status(self, long_text, short_text):
        if self.showAll:
            self.stream.writeln(long_text)
        elif self.dots:
            self.stream.write(short_text)
        self.stream.flush()

    def addSubTest(self, test, subtest, err):
        if err is not None:
            failed = issubclass(err[0], subtest.failureException)
            if self.showAll:
                self.stream.writeln(self.getDescription(subtest) + " ... " + ("FAIL" if failed else "ERROR"))
            elif self.dots:
                self.stream.write('F' if failed else 'E')
        super().addSubTest(test, subtest, err)

    def addSuccess(self, test):
        super().addSuccess(test)
        self._status("ok", '.')

    def addError(self, test, err):
        super().addError(test, err)
        self._status("ERROR", 'E')

    def addFailure(self, test, err):
        super().addFailure(test, err)
        self._status("FAIL", 'F')

    def addSkip(self, test, reason):
        super().addSkip(test, reason)
        self._status("skipped {0!r}".format(reason), 's')

    def addExpectedFailure(self, test, err):
        super().addExpectedFailure(test, err)
        self._status("expected failure", 'x')

    def addUnexpectedSuccess(self, test):
        super().addUnexpectedSuccess(test)
        self._status("unexpected success", 'u')

    def printErrors(self):
        if self.dots or self.showAll:
            self.stream.writeln()
            self.stream.flush()
        self.printErrorList('ERROR', self.errors)
        self.printErrorList('FAIL', self.failures)
        if self.unexpectedSuccesses:
            self.stream.writeln(self.separator1)
            for test in self.unexpectedSuccesses:
                self.stream.writeln(f"UNEXPECTED SUCCESS: {self.getDescription(test)}")
            self.stream.flush()

    def printErrorList(self, flavour, errors):
        for test, err in errors:
            self.stream.writeln(self.separator1)
            self.stream.writeln("%s: %s" % (flavour, self.getDescription(test)))
            self.stream.writeln(self.separator2)
            self.stream.writeln("%s" % err)
            self.stream.flush()


class TextTestRunner:
    resultclass = TextTestResult

    def __init__(self, stream=None, descriptions=True, verbosity=1, failfast=False, buffer=False,
                 resultclass=None, warnings=None, *, tb_locals=False):
        self._own_stream = stream is None
        self.stream = _WritelnDecorator(_StderrStream() if stream is None else stream)
        self.descriptions = descriptions
        self.verbosity = verbosity
        self.failfast = failfast
        self.buffer = buffer
        self.tb_locals = tb_locals
        if resultclass is not None:
            self.resultclass = resultclass

    def _makeResult(self):
        return self.resultclass(self.stream, self.descriptions, self.verbosity)

    def _summary(self, result, time_taken):
        result.printErrors()
        if hasattr(result, 'separator2'):
            self.stream.writeln(result.separator2)
        run = result.testsRun
        self.stream.writeln("Ran %d test%s in %.3fs" % (run, run != 1 and "s" or "", time_taken))
        self.stream.writeln()
        infos = []
        if not result.wasSuccessful():
            self.stream.write("FAILED")
            if result.failures:
                infos.append("failures=%d" % len(result.failures))
            if result.errors:
                infos.append("errors=%d" % len(result.errors))
        else:
            self.stream.write("OK")
        if result.skipped:
            infos.append("skipped=%d" % len(result.skipped))
        if result.expectedFailures:
            infos.append("expected failures=%d" % len(result.expectedFailures))
        if result.unexpectedSuccesses:
            infos.append("unexpected successes=%d" % len(result.unexpectedSuccesses))
        if infos:
            self.stream.writeln(" (%s)" % (", ".join(infos),))
        else:
            self.stream.write("\n")
        self.stream.flush()

    def run(self, test):
        result = self._makeResult()
        result.failfast = self.failfast
        result.buffer = self.buffer
        result.tb_locals = self.tb_locals
        start = _time.perf_counter()
        result.startTestRun()
        try:
            test(result)
        finally:
            result.stopTestRun()
        self._summary(result, _time.perf_counter() - start)
        if self._own_stream:
            self.stream.stream.close_line()
        return result


class TestProgram:
    # unittest.main(): load the main program's TestCase classes, run them,
    # and exit as CPython does -- SystemExit(False) when every test passed.
    def __init__(self, module='__main__', defaultTest=None, argv=None, testRunner=None,
                 testLoader=defaultTestLoader, exit=True, verbosity=1, failfast=None,
                 catchbreak=None, buffer=None, warnings=None, *, tb_locals=False):
        self.exit = exit
        self.verbosity = verbosity
        self.failfast = bool(failfast)
        self.testLoader = testLoader
        self.testRunner = testRunner
        if module == '__main__' or module is None:
            self.test = testLoader._load_from_names(_main_namespace())
        else:
            self.test = testLoader.loadTestsFromModule(module)
        self.runTests()

    def runTests(self):
        runner = self.testRunner
        if runner is None:
            runner = TextTestRunner
        if isinstance(runner, type):
            runner = runner(verbosity=self.verbosity, failfast=self.failfast)
        self.result = runner.run(self.test)
        if self.exit:
            raise SystemExit(not self.result.wasSuccessful())


main = TestProgram
)PY";

}  // namespace rungs::python
