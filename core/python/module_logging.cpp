// logging: what kernel files do with it -- a module logger
// (`logger = logging.getLogger(__name__)`), level checks, info/warning
// calls, basicConfig -- written in Python with CPython 3.11's loggers, levels
// and reprs. Every handler writes to stderr in CPython unless told otherwise,
// and a Rungs run has no stderr, so records are filtered by level as CPython
// filters them and then dropped; nothing reaches stdout.
#include "core/python/modules.h"

namespace rungs::python {

namespace {
const char* const kLoggingSource = R"PY(
CRITICAL = 50
FATAL = 50
ERROR = 40
WARNING = 30
WARN = 30
INFO = 20
DEBUG = 10
NOTSET = 0
_level_names = {50: "CRITICAL", 40: "ERROR", 30: "WARNING", 20: "INFO", 10: "DEBUG", 0: "NOTSET"}
_name_levels = {"CRITICAL": 50, "FATAL": 50, "ERROR": 40, "WARN": 30, "WARNING": 30, "INFO": 20,
                "DEBUG": 10, "NOTSET": 0}


def getLevelName(level):
    if level in _level_names:
        return _level_names[level]
    if level in _name_levels:
        return _name_levels[level]
    return "Level %s" % level


def addLevelName(level, levelName):
    _level_names[level] = levelName
    _name_levels[levelName] = level


def _check_level(level):
    if isinstance(level, int):
        return level
    if str(level) == level:
        if level not in _name_levels:
            raise ValueError("Unknown level: %r" % level)
        return _name_levels[level]
    raise TypeError("Level not an integer or a valid string: %r" % (level,))


class Filterer:
    def __init__(self):
        self.filters = []

    def addFilter(self, filter):
        if filter not in self.filters:
            self.filters.append(filter)

    def removeFilter(self, filter):
        if filter in self.filters:
            self.filters.remove(filter)


class Formatter:
    def __init__(self, fmt=None, datefmt=None, style="%", validate=True):
        self._fmt = fmt
        self.datefmt = datefmt


class Handler(Filterer):
    def __init__(self, level=NOTSET):
        Filterer.__init__(self)
        self.level = _check_level(level)
        self.formatter = None
        self.name = None

    def setLevel(self, level):
        self.level = _check_level(level)

    def setFormatter(self, fmt):
        self.formatter = fmt

    def flush(self):
        pass

    def close(self):
        pass

    def handle(self, record):
        return True

    def emit(self, record):
        pass


class StreamHandler(Handler):
    terminator = "\n"

    def __init__(self, stream=None):
        Handler.__init__(self)
        self.stream = stream

    def __repr__(self):
        return "<%s <stderr> (%s)>" % (type(self).__name__, getLevelName(self.level))


class FileHandler(StreamHandler):
    def __init__(self, filename, mode="a", encoding=None, delay=False, errors=None):
        raise OSError("[Errno 30] Read-only file system: %r" % (filename,))


class NullHandler(Handler):
    pass


class Logger(Filterer):
    def __init__(self, name, level=NOTSET):
        Filterer.__init__(self)
        self.name = name
        self.level = _check_level(level)
        self.parent = None
        self.propagate = True
        self.handlers = []
        self.disabled = False

    def setLevel(self, level):
        self.level = _check_level(level)

    def getEffectiveLevel(self):
        logger = self
        while logger:
            if logger.level:
                return logger.level
            logger = logger.parent
        return NOTSET

    def isEnabledFor(self, level):
        if self.disabled or _manager.disable >= level:
            return False
        return level >= self.getEffectiveLevel()

    def getChild(self, suffix):
        if self.root is not self:
            suffix = ".".join((self.name, suffix))
        return getLogger(suffix)

    def addHandler(self, hdlr):
        if hdlr not in self.handlers:
            self.handlers.append(hdlr)

    def removeHandler(self, hdlr):
        if hdlr in self.handlers:
            self.handlers.remove(hdlr)

    def hasHandlers(self):
        logger = self
        while logger:
            if logger.handlers:
                return True
            if not logger.propagate:
                return False
            logger = logger.parent
        return False

    def _log(self, level, msg, args, kwargs):
        # The record would go to stderr: formatted as CPython would, then dropped.
        if args and len(args) == 1 and isinstance(args[0], dict) and args[0]:
            args = args[0]
        return None

    def debug(self, msg, *args, **kwargs):
        if self.isEnabledFor(DEBUG):
            self._log(DEBUG, msg, args, kwargs)

    def info(self, msg, *args, **kwargs):
        if self.isEnabledFor(INFO):
            self._log(INFO, msg, args, kwargs)

    def warning(self, msg, *args, **kwargs):
        if self.isEnabledFor(WARNING):
            self._log(WARNING, msg, args, kwargs)

    def warn(self, msg, *args, **kwargs):
        self.warning(msg, *args, **kwargs)

    def error(self, msg, *args, **kwargs):
        if self.isEnabledFor(ERROR):
            self._log(ERROR, msg, args, kwargs)

    def exception(self, msg, *args, exc_info=True, **kwargs):
        self.error(msg, *args, **kwargs)

    def critical(self, msg, *args, **kwargs):
        if self.isEnabledFor(CRITICAL):
            self._log(CRITICAL, msg, args, kwargs)

    fatal = critical

    def log(self, level, msg, *args, **kwargs):
        if not isinstance(level, int):
            raise TypeError("level must be an integer")
        if self.isEnabledFor(level):
            self._log(level, msg, args, kwargs)

    def __repr__(self):
        level = getLevelName(self.getEffectiveLevel())
        return "<%s %s (%s)>" % (type(self).__name__, self.name, level)


class RootLogger(Logger):
    def __init__(self, level):
        Logger.__init__(self, "root", level)


class _Manager:
    def __init__(self):
        self.disable = 0
        self.loggerDict = {}


_manager = _Manager()
root = RootLogger(WARNING)
Logger.root = root


def getLogger(name=None):
    if not name or (str(name) == name and name == root.name):
        return root
    if str(name) != name:
        raise TypeError("A logger name must be a string")
    if name in _manager.loggerDict:
        return _manager.loggerDict[name]
    logger = Logger(name)
    _manager.loggerDict[name] = logger
    # The nearest existing ancestor is the parent; children made earlier
    # move under the new logger, as the Manager's placeholders arrange.
    parent = root
    parts = name.split(".")
    for i in range(len(parts) - 1, 0, -1):
        candidate = ".".join(parts[:i])
        if candidate in _manager.loggerDict:
            parent = _manager.loggerDict[candidate]
            break
    logger.parent = parent
    for other in _manager.loggerDict.values():
        if other is not logger and other.name.startswith(name + ".") and other.parent is parent:
            other.parent = logger
    return logger


def basicConfig(**kwargs):
    force = kwargs.pop("force", False)
    if force:
        root.handlers = []
    if not root.handlers:
        handlers = kwargs.pop("handlers", None)
        if handlers is None:
            handlers = [StreamHandler(kwargs.pop("stream", None))]
        for h in handlers:
            root.addHandler(h)
        level = kwargs.pop("level", None)
        if level is not None:
            root.setLevel(level)


def disable(level=CRITICAL):
    _manager.disable = level


def _module_level(level, msg, args, kwargs):
    if not root.handlers:
        basicConfig()
    root.log(level, msg, *args, **kwargs)


def debug(msg, *args, **kwargs):
    _module_level(DEBUG, msg, args, kwargs)


def info(msg, *args, **kwargs):
    _module_level(INFO, msg, args, kwargs)


def warning(msg, *args, **kwargs):
    _module_level(WARNING, msg, args, kwargs)


def error(msg, *args, **kwargs):
    _module_level(ERROR, msg, args, kwargs)


def exception(msg, *args, **kwargs):
    _module_level(ERROR, msg, args, kwargs)


def critical(msg, *args, **kwargs):
    _module_level(CRITICAL, msg, args, kwargs)


def log(level, msg, *args, **kwargs):
    _module_level(level, msg, args, kwargs)


warn = warning
fatal = critical
)PY";
}  // namespace

void register_module_logging() {
  Interpreter::register_module("logging", [](Interpreter& ip) {
    return ip.define_generated_module("logging", kLoggingSource, {});
  });
}

}  // namespace rungs::python
