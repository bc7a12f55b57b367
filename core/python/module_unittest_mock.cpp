// unittest.mock: the patchers harness code uses to swap a name for the
// length of a test -- patch("pkg.mod.name", new), patch.object(target,
// "attr", new) and patch.dict(mapping, values) (sys.modules among them), as
// context managers, decorators or with start()/stop() -- written in Python
// as CPython 3.11's mock.py behaves. Mock objects themselves (MagicMock,
// Mock, and a patch without `new`, which makes one) are refused, located.
#include "core/python/modules.h"

namespace rungs::python {

namespace {

const char* const kMockSource = R"PY(
import functools as _functools
import importlib as _importlib

DEFAULT = type("_SentinelObject", (), {"__repr__": lambda self: "sentinel.DEFAULT"})()
_MISSING = object()


def _refuse_mock(*args, **kwargs):
    _raise_error("unsupported_feature", "unittest.mock's Mock objects (pass new= to patch)")


MagicMock = _refuse_mock
Mock = _refuse_mock
NonCallableMock = _refuse_mock


def _import_target(dotted):
    parts = dotted.split(".")
    found = _importlib.import_module(parts[0])
    for i in range(1, len(parts)):
        name = ".".join(parts[:i + 1])
        try:
            found = getattr(found, parts[i])
        except AttributeError:
            found = _importlib.import_module(name)
    return found


def _split_target(target):
    if not isinstance(target, str) or "." not in target:
        raise TypeError(f"Need a valid target to patch. You supplied: {target!r}")
    owner, attribute = target.rsplit(".", 1)
    return (lambda: _import_target(owner)), attribute


class _Patcher:
    def _decorate(self, fn):
        @_functools.wraps(fn)
        def patched(*args, **kwargs):
            with self:
                return fn(*args, **kwargs)
        return patched

    def __call__(self, fn):
        if isinstance(fn, type):
            for name in list(vars(fn)):
                if name.startswith("test") and callable(getattr(fn, name)):
                    setattr(fn, name, self._decorate(getattr(fn, name)))
            return fn
        return self._decorate(fn)

    def start(self):
        return self.__enter__()

    def stop(self):
        return self.__exit__(None, None, None)


class _PatchAttribute(_Patcher):
    def __init__(self, getter, attribute, new, create):
        if new is DEFAULT:
            _refuse_mock()
        self.getter, self.attribute, self.new, self.create = getter, attribute, new, create

    def __enter__(self):
        self.target = self.getter()
        self.original = getattr(self.target, self.attribute, _MISSING)
        if self.original is _MISSING and not self.create:
            raise AttributeError(f"{self.target!r} does not have the attribute {self.attribute!r}")
        setattr(self.target, self.attribute, self.new)
        return self.new

    def __exit__(self, *exc_info):
        if self.original is _MISSING:
            delattr(self.target, self.attribute)
        else:
            setattr(self.target, self.attribute, self.original)
        return False


class _PatchDict(_Patcher):
    def __init__(self, in_dict, values, clear, kwargs):
        self.in_dict, self.values, self.clear, self.kwargs = in_dict, values, clear, kwargs

    def __enter__(self):
        if isinstance(self.in_dict, str):
            self.in_dict = _import_target(self.in_dict)
        self.original = self.in_dict.copy()
        if self.clear:
            self.in_dict.clear()
        self.in_dict.update(self.values)
        self.in_dict.update(self.kwargs)
        return self.in_dict

    def __exit__(self, *exc_info):
        self.in_dict.clear()
        self.in_dict.update(self.original)
        return False


def patch(target, new=DEFAULT, spec=None, create=False, spec_set=None, autospec=None, new_callable=None, **kwargs):
    getter, attribute = _split_target(target)
    return _PatchAttribute(getter, attribute, new, create)


def _patch_object(target, attribute, new=DEFAULT, spec=None, create=False, spec_set=None, autospec=None,
                  new_callable=None, **kwargs):
    if isinstance(target, str):
        raise TypeError(f"{target!r} must be the actual object to be patched, not a str")
    return _PatchAttribute(lambda: target, attribute, new, create)


def _patch_dict(in_dict, values=(), clear=False, **kwargs):
    return _PatchDict(in_dict, values, clear, kwargs)


patch.object = _patch_object
patch.dict = _patch_dict
)PY";

}  // namespace

void register_module_unittest_mock() {
  Interpreter::register_module("unittest.mock", [](Interpreter& ip) {
    return ip.define_generated_module("unittest.mock", kMockSource, {{"_raise_error", registered_error_raiser()}});
  });
}

}  // namespace rungs::python
