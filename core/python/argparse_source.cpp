// argparse's Namespace, ArgumentError, the actions (store, append, count,
// ...) and the argument containers and groups, with CPython 3.11's texts.
// Runs between argparse_help_source.cpp and argparse_parser_source.cpp in
// one module.
#include "core/python/library_sources.h"

namespace rungs::python {

const char* const kArgparseSource = R"PY(
import sys as _sys
import os as _os


class _AttributeHolder:
    def __repr__(self):
        parts, star = [], {}
        for arg in self._get_args():
            parts.append(repr(arg))
        for name, value in self._get_kwargs():
            if name.isidentifier():
                parts.append("%s=%r" % (name, value))
            else:
                star[name] = value
        if star:
            parts.append("**%s" % repr(star))
        return "%s(%s)" % (type(self).__name__, ", ".join(parts))

    def _get_kwargs(self):
        return list(self.__dict__.items())

    def _get_args(self):
        return []


class Namespace(_AttributeHolder):
    def __init__(self, **kwargs):
        for name, value in kwargs.items():
            setattr(self, name, value)

    def __eq__(self, other):
        if not isinstance(other, Namespace):
            return NotImplemented
        return vars(self) == vars(other)

    def __contains__(self, key):
        return key in self.__dict__


def _action_name(action):
    if action is None:
        return None
    if action.option_strings:
        return "/".join(action.option_strings)
    if action.metavar not in (None, SUPPRESS):
        return action.metavar
    if action.dest not in (None, SUPPRESS):
        return action.dest
    if action.choices:
        return "{" + ",".join(action.choices) + "}"
    return None


class ArgumentError(Exception):
    def __init__(self, argument, message):
        self.argument_name = _action_name(argument)
        self.message = message

    def __str__(self):
        if self.argument_name is None:
            return self.message
        return "argument %s: %s" % (self.argument_name, self.message)


class ArgumentTypeError(Exception):
    pass


class Action(_AttributeHolder):
    def __init__(self, option_strings, dest, nargs=None, const=None, default=None, type=None,
                 choices=None, required=False, help=None, metavar=None):
        self.option_strings = option_strings
        self.dest = dest
        self.nargs = nargs
        self.const = const
        self.default = default
        self.type = type
        self.choices = choices
        self.required = required
        self.help = help
        self.metavar = metavar

    def _get_kwargs(self):
        names = ["option_strings", "dest", "nargs", "const", "default", "type", "choices",
                 "required", "help", "metavar"]
        return [(name, getattr(self, name)) for name in names]

    def format_usage(self):
        return self.option_strings[0]

    def __call__(self, parser, namespace, values, option_string=None):
        raise NotImplementedError("__call__() not defined")


class _StoreAction(Action):
    def __init__(self, option_strings, dest, nargs=None, const=None, default=None, type=None,
                 choices=None, required=False, help=None, metavar=None):
        if nargs == 0:
            raise ValueError("nargs for store actions must be != 0; if you have nothing to store, "
                             "actions such as store true or store const may be more appropriate")
        if const is not None and nargs != OPTIONAL:
            raise ValueError("nargs must be %r to supply const" % OPTIONAL)
        super().__init__(option_strings, dest, nargs, const, default, type, choices, required, help, metavar)

    def __call__(self, parser, namespace, values, option_string=None):
        setattr(namespace, self.dest, values)


class _StoreConstAction(Action):
    def __init__(self, option_strings, dest, const=None, default=None, required=False, help=None,
                 metavar=None):
        super().__init__(option_strings, dest, 0, const, default, None, None, required, help, metavar)

    def __call__(self, parser, namespace, values, option_string=None):
        setattr(namespace, self.dest, self.const)


class _StoreTrueAction(_StoreConstAction):
    def __init__(self, option_strings, dest, default=False, required=False, help=None):
        super().__init__(option_strings, dest, True, default, required, help)


class _StoreFalseAction(_StoreConstAction):
    def __init__(self, option_strings, dest, default=True, required=False, help=None):
        super().__init__(option_strings, dest, False, default, required, help)


def _copy_items(items):
    if items is None:
        return []
    return list(items)


class _AppendAction(Action):
    def __init__(self, option_strings, dest, nargs=None, const=None, default=None, type=None,
                 choices=None, required=False, help=None, metavar=None):
        if nargs == 0:
            raise ValueError("nargs for append actions must be != 0; if arg strings are not supplying "
                             "the value to append, the append const action may be more appropriate")
        if const is not None and nargs != OPTIONAL:
            raise ValueError("nargs must be %r to supply const" % OPTIONAL)
        super().__init__(option_strings, dest, nargs, const, default, type, choices, required, help, metavar)

    def __call__(self, parser, namespace, values, option_string=None):
        items = _copy_items(getattr(namespace, self.dest, None))
        items.append(values)
        setattr(namespace, self.dest, items)


class _AppendConstAction(Action):
    def __init__(self, option_strings, dest, const=None, default=None, required=False, help=None,
                 metavar=None):
        super().__init__(option_strings, dest, 0, const, default, None, None, required, help, metavar)

    def __call__(self, parser, namespace, values, option_string=None):
        items = _copy_items(getattr(namespace, self.dest, None))
        items.append(self.const)
        setattr(namespace, self.dest, items)


class _CountAction(Action):
    def __init__(self, option_strings, dest, default=None, required=False, help=None):
        super().__init__(option_strings, dest, 0, None, default, None, None, required, help)

    def __call__(self, parser, namespace, values, option_string=None):
        count = getattr(namespace, self.dest, None)
        setattr(namespace, self.dest, 1 if count is None else count + 1)


class _ExtendAction(_AppendAction):
    def __call__(self, parser, namespace, values, option_string=None):
        items = _copy_items(getattr(namespace, self.dest, None))
        items.extend(values)
        setattr(namespace, self.dest, items)


class _HelpAction(Action):
    def __init__(self, option_strings, dest=SUPPRESS, default=SUPPRESS, help=None):
        super().__init__(option_strings, dest, 0, None, default, None, None, False, help)

    def __call__(self, parser, namespace, values, option_string=None):
        parser.print_help()
        parser.exit()


class _VersionAction(Action):
    def __init__(self, option_strings, version=None, dest=SUPPRESS, default=SUPPRESS,
                 help="show program's version number and exit"):
        super().__init__(option_strings, dest, 0, None, default, None, None, False, help)
        self.version = version

    def __call__(self, parser, namespace, values, option_string=None):
        print(self.version % dict(prog=parser.prog))
        parser.exit()


class BooleanOptionalAction(Action):
    def __init__(self, option_strings, dest, default=None, type=None, choices=None, required=False,
                 help=None, metavar=None):
        strings = []
        for option in option_strings:
            strings.append(option)
            if option.startswith("--"):
                strings.append("--no-" + option[2:])
        super().__init__(strings, dest, 0, None, default, type, choices, required, help, metavar)

    def __call__(self, parser, namespace, values, option_string=None):
        if option_string in self.option_strings:
            setattr(namespace, self.dest, not option_string.startswith("--no-"))

    def format_usage(self):
        return " | ".join(self.option_strings)


_ACTIONS = {None: _StoreAction, "store": _StoreAction, "store_const": _StoreConstAction,
            "store_true": _StoreTrueAction, "store_false": _StoreFalseAction, "append": _AppendAction,
            "append_const": _AppendConstAction, "count": _CountAction, "help": _HelpAction,
            "version": _VersionAction, "extend": _ExtendAction}
)PY"
// The containers and the parser follow in a second literal (MSVC and some
// compilers cap one string literal's length).
R"PY(

class _ActionsContainer:
    def _init_container(self, prefix_chars, argument_default, conflict_handler):
        self.prefix_chars = prefix_chars
        self.argument_default = argument_default
        self.conflict_handler = conflict_handler
        self._actions = []
        self._option_string_actions = {}
        self._action_groups = []
        self._mutually_exclusive_groups = []
        self._defaults = {}
        self._has_negative_number_optionals = []

    def set_defaults(self, **kwargs):
        self._defaults.update(kwargs)
        for action in self._actions:
            if action.dest in kwargs:
                action.default = kwargs[action.dest]

    def get_default(self, dest):
        for action in self._actions:
            if action.dest == dest and action.default is not None:
                return action.default
        return self._defaults.get(dest, None)

    def add_argument(self, *args, **kwargs):
        chars = self.prefix_chars
        if not args or len(args) == 1 and args[0] and args[0][0] not in chars:
            if args and "dest" in kwargs:
                raise ValueError("dest supplied twice for positional argument")
            kwargs = self._positional_kwargs(*args, **kwargs)
        else:
            kwargs = self._optional_kwargs(*args, **kwargs)
        if "default" not in kwargs:
            dest = kwargs["dest"]
            if dest in self._defaults:
                kwargs["default"] = self._defaults[dest]
            elif self.argument_default is not None:
                kwargs["default"] = self.argument_default
        action_class = kwargs.pop("action", None)
        action_class = _ACTIONS.get(action_class, action_class) if isinstance(action_class, (str, type(None))) else action_class
        if not callable(action_class):
            raise ValueError('unknown action "%s"' % (action_class,))
        action = action_class(**kwargs)
        type_func = action.type
        if type_func is not None and not callable(type_func):
            raise ValueError("%r is not callable" % (type_func,))
        try:
            _format_args(action, None)
        except TypeError:
            raise ValueError("length of metavar tuple does not match nargs")
        return self._add_action(action)

    def _add_action(self, action):
        conflicts = [o for o in action.option_strings if o in self._option_string_actions]
        if conflicts:
            raise ArgumentError(action, "conflicting option string%s: %s"
                                % ("s" if len(conflicts) > 1 else "", ", ".join(conflicts)))
        self._actions.append(action)
        action.container = self
        for option in action.option_strings:
            self._option_string_actions[option] = action
        return action

    def add_argument_group(self, *args, **kwargs):
        group = _ArgumentGroup(self, *args, **kwargs)
        self._action_groups.append(group)
        return group

    def add_mutually_exclusive_group(self, **kwargs):
        group = _MutuallyExclusiveGroup(self, **kwargs)
        self._mutually_exclusive_groups.append(group)
        return group

    def _positional_kwargs(self, dest, **kwargs):
        if "required" in kwargs:
            raise TypeError("'required' is an invalid argument for positionals")
        if kwargs.get("nargs") not in (OPTIONAL, ZERO_OR_MORE):
            kwargs["required"] = True
        if kwargs.get("nargs") == ZERO_OR_MORE and "default" not in kwargs:
            kwargs["required"] = True
        return dict(kwargs, dest=dest, option_strings=[])

    def _optional_kwargs(self, *args, **kwargs):
        option_strings, long_options = [], []
        for option in args:
            if not option or option[0] not in self.prefix_chars:
                raise ValueError("invalid option string %r: must start with a character %r"
                                 % (option, self.prefix_chars))
            option_strings.append(option)
            if len(option) > 1 and option[1] in self.prefix_chars:
                long_options.append(option)
        dest = kwargs.pop("dest", None)
        if dest is None:
            first = long_options[0] if long_options else option_strings[0]
            dest = first.lstrip(self.prefix_chars)
            if not dest:
                raise ValueError("dest= is required for options like %r" % first)
            dest = dest.replace("-", "_")
        return dict(kwargs, dest=dest, option_strings=option_strings)


class _ArgumentGroup(_ActionsContainer):
    def __init__(self, container, title=None, description=None, **kwargs):
        self.title = title
        self.description = description
        self._group_actions = []
        self._parent = container
        self.prefix_chars = container.prefix_chars
        self.argument_default = container.argument_default
        self.conflict_handler = container.conflict_handler
        self._defaults = container._defaults
        self._option_string_actions = container._option_string_actions
        self._mutually_exclusive_groups = container._mutually_exclusive_groups
        self._action_groups = container._action_groups

    @property
    def _actions(self):
        return self._parent._actions

    def _add_action(self, action):
        # The shared action list and option table, not the parser's own
        # _add_action (which would also file the action under "options").
        action = _ActionsContainer._add_action(self, action)
        self._group_actions.append(action)
        return action


class _MutuallyExclusiveGroup(_ArgumentGroup):
    def __init__(self, container, required=False):
        super().__init__(container)
        self.required = required
        self._container = container

    def _add_action(self, action):
        if action.required:
            raise ValueError("mutually exclusive arguments must be optional")
        action = self._container._add_action(action)
        self._group_actions.append(action)
        return action
)PY";

}  // namespace rungs::python
