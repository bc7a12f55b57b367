// inspect: the introspection harness and kernel code does -- signature(f)
// with its parameters (names, kinds, defaults), and the is* predicates --
// written in Python over one helper that reads a function's parameter list
// (`_params`). Annotations are never evaluated by Rungs, so every
// Parameter.annotation is Parameter.empty. Built-in functions and classes
// keep their parameter lists in C++, out of reach: signature() of one, and
// getsource() (there are no source files at run time), are refused with
// NotImplementedError.
#include "core/lang/ast.h"
#include "core/python/classes.h"
#include "core/python/modules.h"

namespace rungs::python {

namespace {
const char* const kInspectSource = R"PY(
import enum as _enum
from collections import OrderedDict as _OrderedDict


class _empty:
    pass


_empty.__module__ = "inspect"


class _ParameterKind(_enum.IntEnum):
    POSITIONAL_ONLY = 0
    POSITIONAL_OR_KEYWORD = 1
    VAR_POSITIONAL = 2
    KEYWORD_ONLY = 3
    VAR_KEYWORD = 4

    def __str__(self):
        return self._name_


class Parameter:
    POSITIONAL_ONLY = _ParameterKind.POSITIONAL_ONLY
    POSITIONAL_OR_KEYWORD = _ParameterKind.POSITIONAL_OR_KEYWORD
    VAR_POSITIONAL = _ParameterKind.VAR_POSITIONAL
    KEYWORD_ONLY = _ParameterKind.KEYWORD_ONLY
    VAR_KEYWORD = _ParameterKind.VAR_KEYWORD
    empty = _empty

    def __init__(self, name, kind, *, default=_empty, annotation=_empty):
        self._name = name
        self._kind = _ParameterKind(kind)
        self._default = default
        self._annotation = annotation

    @property
    def name(self):
        return self._name

    @property
    def kind(self):
        return self._kind

    @property
    def default(self):
        return self._default

    @property
    def annotation(self):
        return self._annotation

    def replace(self, *, name=None, kind=None, default=_empty):
        return Parameter(self._name if name is None else name, self._kind if kind is None else kind,
                         default=self._default if default is _empty else default)

    def __str__(self):
        text = self._name
        if self._default is not _empty:
            text = "%s=%r" % (text, self._default)
        if self._kind == _ParameterKind.VAR_POSITIONAL:
            text = "*" + text
        elif self._kind == _ParameterKind.VAR_KEYWORD:
            text = "**" + text
        return text

    def __repr__(self):
        return '<%s "%s">' % (type(self).__name__, self)

    def __eq__(self, other):
        if not isinstance(other, Parameter):
            return NotImplemented
        return (self._name == other._name and self._kind == other._kind and
                self._default == other._default)

    def __hash__(self):
        return hash((self._name, self._kind))


class BoundArguments:
    def __init__(self, signature, arguments):
        self.signature = signature
        self.arguments = arguments

    @property
    def args(self):
        out = []
        for p in self.signature.parameters.values():
            if p.kind in (_ParameterKind.KEYWORD_ONLY, _ParameterKind.VAR_KEYWORD) or p.name not in self.arguments:
                break
            if p.kind == _ParameterKind.VAR_POSITIONAL:
                out.extend(self.arguments[p.name])
            else:
                out.append(self.arguments[p.name])
        return tuple(out)

    @property
    def kwargs(self):
        out = {}
        for p in self.signature.parameters.values():
            if p.name not in self.arguments:
                continue
            if p.kind == _ParameterKind.VAR_KEYWORD:
                out.update(self.arguments[p.name])
            elif p.kind == _ParameterKind.KEYWORD_ONLY:
                out[p.name] = self.arguments[p.name]
        return out

    def apply_defaults(self):
        new = {}
        for p in self.signature.parameters.values():
            if p.name in self.arguments:
                new[p.name] = self.arguments[p.name]
            elif p.default is not _empty:
                new[p.name] = p.default
            elif p.kind == _ParameterKind.VAR_POSITIONAL:
                new[p.name] = ()
            elif p.kind == _ParameterKind.VAR_KEYWORD:
                new[p.name] = {}
        self.arguments = new

    def __repr__(self):
        items = ", ".join("%s=%r" % (k, v) for k, v in self.arguments.items())
        return "<BoundArguments (%s)>" % items


class Signature:
    empty = _empty

    def __init__(self, parameters=None, *, return_annotation=_empty):
        self._parameters = _OrderedDict()
        for p in parameters or ():
            self._parameters[p.name] = p
        self._return_annotation = return_annotation

    @property
    def parameters(self):
        return self._parameters

    @property
    def return_annotation(self):
        return self._return_annotation

    def replace(self, *, parameters=None):
        return Signature(list(self._parameters.values()) if parameters is None else parameters)

    def __str__(self):
        parts = []
        slash = False
        star = True
        for p in self._parameters.values():
            if p.kind == _ParameterKind.POSITIONAL_ONLY:
                slash = True
            elif slash:
                parts.append("/")
                slash = False
            if p.kind == _ParameterKind.VAR_POSITIONAL:
                star = False
            elif p.kind == _ParameterKind.KEYWORD_ONLY and star:
                parts.append("*")
                star = False
            parts.append(str(p))
        if slash:
            parts.append("/")
        return "(%s)" % ", ".join(parts)

    def __repr__(self):
        return "<%s %s>" % (type(self).__name__, self)

    def __eq__(self, other):
        if not isinstance(other, Signature):
            return NotImplemented
        return list(self._parameters.values()) == list(other._parameters.values())

    def _bind(self, args, kwargs, partial):
        arguments = {}
        params = list(self._parameters.values())
        args = list(args)
        kwargs = dict(kwargs)
        for p in params:
            if p.kind in (_ParameterKind.POSITIONAL_ONLY, _ParameterKind.POSITIONAL_OR_KEYWORD):
                if args:
                    arguments[p.name] = args.pop(0)
                    continue
                if p.kind == _ParameterKind.POSITIONAL_OR_KEYWORD and p.name in kwargs:
                    arguments[p.name] = kwargs.pop(p.name)
                    continue
                if p.default is _empty and not partial:
                    raise TypeError("missing a required argument: %r" % p.name)
            elif p.kind == _ParameterKind.VAR_POSITIONAL:
                if args:
                    arguments[p.name] = tuple(args)
                    args = []
            elif p.kind == _ParameterKind.KEYWORD_ONLY:
                if p.name in kwargs:
                    arguments[p.name] = kwargs.pop(p.name)
                elif p.default is _empty and not partial:
                    raise TypeError("missing a required argument: %r" % p.name)
            else:
                if kwargs:
                    arguments[p.name] = kwargs
                    kwargs = {}
        if args:
            raise TypeError("too many positional arguments")
        if kwargs:
            raise TypeError("got an unexpected keyword argument %r" % next(iter(kwargs)))
        return BoundArguments(self, arguments)

    def bind(self, *args, **kwargs):
        return self._bind(args, kwargs, False)

    def bind_partial(self, *args, **kwargs):
        return self._bind(args, kwargs, True)


def signature(obj, *, follow_wrapped=True):
    if not callable(obj):
        raise TypeError("%r is not a callable object" % (obj,))
    if follow_wrapped:
        obj = unwrap(obj)
    found = _params(obj)
    if found is None:
        _raise_error("unsupported_feature", "inspect.signature() of the built-in %r" % (obj,))
    params = [Parameter(name, kind, default=default if has_default else _empty)
              for name, kind, has_default, default in found]
    return Signature(params)


def isfunction(obj):
    return _kind(obj) == "function"


def isgeneratorfunction(obj):
    return _kind(obj) == "function" and _is_generator_function(obj)


def ismethod(obj):
    return _kind(obj) == "method"


def isclass(obj):
    return isinstance(obj, type)


def ismodule(obj):
    return _kind(obj) == "module"


def isbuiltin(obj):
    return _kind(obj) == "builtin"


def isroutine(obj):
    return _kind(obj) in ("function", "method", "builtin")


def isgenerator(obj):
    return type(obj).__name__ == "generator"


def iscoroutinefunction(obj):
    return False


def isasyncgenfunction(obj):
    return False


def isabstract(obj):
    return bool(getattr(obj, "__abstractmethods__", False))


def getsource(obj):
    _raise_error("unsupported_feature", "inspect.getsource() (a Rungs run keeps no source files)")


def getsourcelines(obj):
    _raise_error("unsupported_feature", "inspect.getsourcelines() (a Rungs run keeps no source files)")


def getdoc(obj):
    doc = getattr(obj, "__doc__", None)
    if not isinstance(doc, str):
        return None
    lines = doc.expandtabs().split("\n")
    margin = None
    for line in lines[1:]:
        stripped = line.lstrip()
        if stripped:
            indent = len(line) - len(stripped)
            margin = indent if margin is None else min(margin, indent)
    out = [lines[0].lstrip()] + [line[margin or 0:] for line in lines[1:]]
    while out and not out[-1]:
        out.pop()
    while out and not out[0]:
        out.pop(0)
    return "\n".join(out)


def getmembers(obj, predicate=None):
    out = []
    for name in dir(obj):
        value = getattr(obj, name)
        if predicate is None or predicate(value):
            out.append((name, value))
    return out


def unwrap(func):
    while hasattr(func, "__wrapped__"):
        func = func.__wrapped__
    return func
)PY";

// One parameter as (name, kind, has_default, default); `skip_first` drops
// the bound `self` of a method or an __init__.
Value params_of_function(const FunctionObj& fn, bool skip_first) {
  Values out;
  const auto& params = fn.params();
  for (size_t i = skip_first ? 1 : 0; i < params.size(); ++i) {
    int kind = 0;
    switch (params[i].kind) {
      case lang::ParamKind::PositionalOnly: kind = 0; break;
      case lang::ParamKind::Positional: kind = 1; break;
      case lang::ParamKind::VarPositional: kind = 2; break;
      case lang::ParamKind::KeywordOnly: kind = 3; break;
      case lang::ParamKind::VarKeyword: kind = 4; break;
    }
    bool has = i < fn.has_default.size() && fn.has_default[i];
    out.push_back(make_tuple({make_str(params[i].name), Value::integer(kind), Value::boolean(has),
                              has ? fn.defaults[i] : Value::none()}));
  }
  return make_list(std::move(out));
}

// A built-in with a declared keyword list (pltpu.CompilerParams, ...):
// its parameters, all with defaults as in JAX's dataclasses (the default
// values themselves are not recorded, so they read as None).
Value params_of_builtin(const BuiltinObj& fn) {
  if (fn.signature.empty()) return Value::none();
  Values out;
  int kind = 1;  // positional-or-keyword until "*"
  for (const std::string& name : fn.signature) {
    if (name == "*") { kind = 3; continue; }
    out.push_back(make_tuple({make_str(name), Value::integer(kind), Value::boolean(true), Value::none()}));
  }
  return make_list(std::move(out));
}

// _params(obj): the parameter list of a user function, lambda, bound
// method, class (its __init__ without self; none: no parameters) or
// callable instance (its __call__ without self); None for anything else.
Value params_of(const Value& v, bool skip_first = false) {
  if (v.tag() != Value::Tag::Obj) return Value::none();
  switch (v.obj()->kind) {
    case ObjKind::Function: return params_of_function(v.as<FunctionObj>(), skip_first);
    case ObjKind::BoundMethod: return params_of(v.as<BoundMethodObj>().func, true);
    case ObjKind::Class: {
      const Value* init = v.as<ClassObj>().lookup("__init__");
      return init ? params_of(*init, true) : make_list({});
    }
    case ObjKind::Instance: {
      const Value* call = v.as<InstanceObj>().cls->lookup("__call__");
      return call ? params_of(*call, true) : Value::none();
    }
    case ObjKind::Builtin: return params_of_builtin(v.as<BuiltinObj>());
    default: return Value::none();
  }
}

std::string kind_of(const Value& v) {
  if (v.tag() != Value::Tag::Obj) return "";
  switch (v.obj()->kind) {
    case ObjKind::Function: return "function";
    case ObjKind::BoundMethod: return "method";
    case ObjKind::Module: return "module";
    case ObjKind::Builtin: return v.as<BuiltinObj>().type_tag.empty() ? "builtin" : "";
    default: return "";
  }
}
}  // namespace

void register_module_inspect() {
  Interpreter::register_module("inspect", [](Interpreter& ip) {
    Value params = make_builtin("_params", [](Interpreter&, CallArgs& a) { return params_of(a.positional.at(0)); });
    Value kind = make_builtin("_kind", [](Interpreter&, CallArgs& a) { return make_str(kind_of(a.positional.at(0))); });
    Value is_gen = make_builtin("_is_generator_function", [](Interpreter&, CallArgs& a) {
      const Value& f = a.positional.at(0);
      return Value::boolean(f.is(ObjKind::Function) && f.as<FunctionObj>().def &&
                            f.as<FunctionObj>().def->scope.generator);
    });
    return ip.define_generated_module("inspect", kInspectSource,
                                      {{"_raise_error", registered_error_raiser()},
                                       {"_params", params},
                                       {"_kind", kind},
                                       {"_is_generator_function", is_gen}});
  });
}

}  // namespace rungs::python
