// argparse's ArgumentParser and its parse loop (_ParseState), run after
// argparse_source.cpp's actions and containers in the same module. Each
// action's nargs becomes a regular expression over the strings' 'O'/'A'
// pattern, so how many strings an option or a run of positionals takes is
// decided as CPython 3.11 decides it.
#include "core/python/library_sources.h"

namespace rungs::python {

const char* const kArgparseParserSource = R"PY(

def _nargs_pattern(action):
    n = action.nargs
    if n is None:
        pattern = "(-*A-*)"
    elif n == OPTIONAL:
        pattern = "(-*A?-*)"
    elif n == ZERO_OR_MORE:
        pattern = "(-*[A-]*)"
    elif n == ONE_OR_MORE:
        pattern = "(-*A[A-]*)"
    elif n == REMAINDER:
        pattern = "([-AO]*)"
    elif n == PARSER:
        pattern = "(-*A[-AO]*)"
    elif n == SUPPRESS:
        pattern = "(-*-*)"
    else:
        pattern = "(-*%s-*)" % "-*".join("A" * n)
    # An option's arguments cannot include the '--' marker.
    if action.option_strings:
        pattern = pattern.replace("-*", "").replace("-", "")
    return pattern


class ArgumentParser(_AttributeHolder, _ActionsContainer):
    def __init__(self, prog=None, usage=None, description=None, epilog=None, parents=[],
                 formatter_class=HelpFormatter, prefix_chars="-", fromfile_prefix_chars=None,
                 argument_default=None, conflict_handler="error", add_help=True, allow_abbrev=True,
                 exit_on_error=True):
        self._init_container(prefix_chars, argument_default, conflict_handler)
        self.prog = _os.path.basename(_sys.argv[0]) if prog is None else prog
        self.usage = usage
        self.description = description
        self.epilog = epilog
        self.formatter_class = formatter_class
        self.fromfile_prefix_chars = fromfile_prefix_chars
        self.add_help = add_help
        self.allow_abbrev = allow_abbrev
        self.exit_on_error = exit_on_error
        self._positionals = self.add_argument_group("positional arguments")
        self._optionals = self.add_argument_group("options")
        self._subparsers = None
        default_prefix = "-" if "-" in prefix_chars else prefix_chars[0]
        if add_help:
            self.add_argument(default_prefix + "h", default_prefix * 2 + "help", action="help",
                              default=SUPPRESS, help="show this help message and exit")
        for parent in parents:
            for action in parent._actions:
                if not isinstance(action, _HelpAction):
                    self._add_action(action)
            self._defaults.update(parent._defaults)

    def _get_kwargs(self):
        names = ["prog", "usage", "description", "formatter_class", "conflict_handler", "add_help"]
        return [(name, getattr(self, name)) for name in names]

    def _add_action(self, action):
        group = self._optionals if action.option_strings else self._positionals
        group._group_actions.append(action)
        return _ActionsContainer._add_action(self, action)

    # ---- parsing ----
    def parse_args(self, args=None, namespace=None):
        namespace, extras = self.parse_known_args(args, namespace)
        if extras:
            self.error("unrecognized arguments: %s" % " ".join(extras))
        return namespace

    def parse_known_args(self, args=None, namespace=None):
        args = _sys.argv[1:] if args is None else list(args)
        if namespace is None:
            namespace = Namespace()
        for action in self._actions:
            if action.dest is not SUPPRESS and action.default is not SUPPRESS and not hasattr(namespace, action.dest):
                setattr(namespace, action.dest, action.default)
        for dest in self._defaults:
            if not hasattr(namespace, dest):
                setattr(namespace, dest, self._defaults[dest])
        if not self.exit_on_error:
            return self._parse_known_args(args, namespace)
        try:
            return self._parse_known_args(args, namespace)
        except ArgumentError as err:
            self.error(str(err))

    def _classify(self, arg_strings):
        options, pattern = {}, []
        rest = iter(arg_strings)
        for i, arg in enumerate(rest):
            if arg == "--":
                pattern.append("-")
                pattern.extend("A" for _ in rest)
                break
            found = self._parse_optional(arg)
            if found is None:
                pattern.append("A")
            else:
                options[i] = found
                pattern.append("O")
        return options, "".join(pattern)

    def _parse_known_args(self, arg_strings, namespace):
        conflicts = {}
        for group in self._mutually_exclusive_groups:
            for i, action in enumerate(group._group_actions):
                conflicts.setdefault(action, []).extend(group._group_actions[:i] + group._group_actions[i + 1:])
        options, pattern = self._classify(arg_strings)
        state = _ParseState(self, namespace, arg_strings, options, pattern, conflicts)
        state.run()
        missing = []
        for action in self._actions:
            if action in state.seen:
                continue
            if action.required:
                missing.append(_action_name(action))
            elif (isinstance(action.default, str) and hasattr(namespace, action.dest)
                  and action.default is getattr(namespace, action.dest)):
                setattr(namespace, action.dest, self._get_value(action, action.default))
        if missing:
            self.error("the following arguments are required: %s" % ", ".join(missing))
        for group in self._mutually_exclusive_groups:
            if group.required and not any(a in state.seen_non_default for a in group._group_actions):
                names = [_action_name(a) for a in group._group_actions if a.help is not SUPPRESS]
                self.error("one of the arguments %s is required" % " ".join(names))
        return namespace, state.extras

    def _parse_optional(self, arg):
        if not arg or arg[0] not in self.prefix_chars:
            return None
        if arg in self._option_string_actions:
            return self._option_string_actions[arg], arg, None
        if len(arg) == 1:
            return None
        if "=" in arg:
            option, explicit = arg.split("=", 1)
            if option in self._option_string_actions:
                return self._option_string_actions[option], option, explicit
        matches = self._option_prefix_matches(arg)
        if len(matches) > 1:
            names = ", ".join(m[1] for m in matches)
            self.error("ambiguous option: %s could match %s" % (arg, names))
        if len(matches) == 1:
            return matches[0]
        if _re.match(r"^-\d+$|^-\d*\.\d+$", arg) and not self._has_negative_number_optionals:
            return None
        if " " in arg:
            return None
        return None, arg, None

    def _option_prefix_matches(self, option):
        chars = self.prefix_chars
        result = []
        if option[0] in chars and option[1] in chars:
            if self.allow_abbrev:
                prefix, explicit = option.split("=", 1) if "=" in option else (option, None)
                for name, action in self._option_string_actions.items():
                    if name.startswith(prefix):
                        result.append((action, name, explicit))
        elif option[0] in chars:
            short, short_explicit = option[:2], option[2:]
            for name, action in self._option_string_actions.items():
                if name == short:
                    result.append((action, name, short_explicit))
                elif name.startswith(option):
                    result.append((action, name, None))
        return result

    def _match_argument(self, action, pattern):
        found = _re.match(_nargs_pattern(action), pattern)
        if found is None:
            messages = {None: "expected one argument", OPTIONAL: "expected at most one argument",
                        ONE_OR_MORE: "expected at least one argument"}
            if action.nargs in messages:
                raise ArgumentError(action, messages[action.nargs])
            n = action.nargs
            raise ArgumentError(action, ("expected %s argument" if n == 1 else "expected %s arguments") % n)
        return len(found.group(1))

    def _match_arguments_partial(self, actions, pattern):
        for i in range(len(actions), 0, -1):
            full = "".join(_nargs_pattern(a) for a in actions[:i])
            found = _re.match(full, pattern)
            if found is not None:
                return [len(g) for g in found.groups()]
        return []

    def _get_values(self, action, arg_strings):
        if action.nargs not in (PARSER, REMAINDER) and "--" in arg_strings:
            arg_strings = list(arg_strings)
            arg_strings.remove("--")
        if not arg_strings and action.nargs == OPTIONAL:
            value = action.const if action.option_strings else action.default
            if isinstance(value, str):
                value = self._get_value(action, value)
                self._check_value(action, value)
        elif not arg_strings and action.nargs == ZERO_OR_MORE and not action.option_strings:
            value = action.default if action.default is not None else arg_strings
            self._check_value(action, value)
        elif len(arg_strings) == 1 and action.nargs in (None, OPTIONAL):
            value = self._get_value(action, arg_strings[0])
            self._check_value(action, value)
        elif action.nargs == REMAINDER:
            value = [self._get_value(action, v) for v in arg_strings]
        elif action.nargs == PARSER:
            value = [self._get_value(action, v) for v in arg_strings]
            self._check_value(action, value[0])
        elif action.nargs == SUPPRESS:
            value = SUPPRESS
        else:
            value = [self._get_value(action, v) for v in arg_strings]
            for v in value:
                self._check_value(action, v)
        return value

    def _get_value(self, action, text):
        convert = action.type if action.type is not None else (lambda s: s)
        if not callable(convert):
            raise ArgumentError(action, "%r is not callable" % (convert,))
        try:
            return convert(text)
        except ArgumentTypeError as err:
            raise ArgumentError(action, str(err))
        except (TypeError, ValueError):
            name = getattr(action.type, "__name__", repr(action.type))
            raise ArgumentError(action, "invalid %s value: %r" % (name, text))

    def _check_value(self, action, value):
        if action.choices is not None and value not in action.choices:
            choices = ", ".join(repr(c) for c in action.choices)
            raise ArgumentError(action, "invalid choice: %r (choose from %s)" % (value, choices))

    # ---- output ----
    def _formatter(self):
        return self.formatter_class(prog=self.prog)

    def format_usage(self):
        return self._formatter().format_usage(self.usage, self._actions, self._mutually_exclusive_groups).rstrip("\n") + "\n"

    def format_help(self):
        return self._formatter().format_help(self.usage, self.description, self.epilog, self._action_groups,
                                             self._actions, self._mutually_exclusive_groups)

    def print_usage(self, file=None):
        self._print_message(self.format_usage(), file)

    def print_help(self, file=None):
        self._print_message(self.format_help(), file)

    def _print_message(self, message, file=None):
        if not message:
            return
        if file is None:
            print(message, end="")
        else:
            file.write(message)

    def exit(self, status=0, message=None):
        if message:
            _stderr(message)
        _sys.exit(status)

    def error(self, message):
        _stderr(self.format_usage())
        self.exit(2, "%s: error: %s\n" % (self.prog, message))


class _ParseState:
    # One parse_known_args call: walks the strings, alternating runs of
    # positionals and single options, as CPython's consume loop does.
    def __init__(self, parser, namespace, arg_strings, options, pattern, conflicts):
        self.parser = parser
        self.namespace = namespace
        self.args = arg_strings
        self.options = options
        self.pattern = pattern
        self.conflicts = conflicts
        self.positionals = [a for a in parser._actions if not a.option_strings]
        self.seen = set()
        self.seen_non_default = set()
        self.extras = []

    def take(self, action, strings, option_string=None):
        self.seen.add(action)
        values = self.parser._get_values(action, strings)
        if values is not action.default:
            self.seen_non_default.add(action)
            for other in self.conflicts.get(action, []):
                if other in self.seen_non_default:
                    raise ArgumentError(action, "not allowed with argument %s" % _action_name(other))
        if values is not SUPPRESS:
            action(self.parser, self.namespace, values, option_string)

    def consume_optional(self, start):
        action, option_string, explicit = self.options[start]
        chars = self.parser.prefix_chars
        taken = []
        while True:
            if action is None:
                self.extras.append(self.args[start])
                return start + 1
            if explicit is not None:
                count = self.parser._match_argument(action, "A")
                if count == 0 and option_string[1] not in chars and explicit != "":
                    # -vcc: a flag followed by more single-letter flags.
                    taken.append((action, [], option_string))
                    option_string = option_string[0] + explicit[0]
                    rest = explicit[1:] or None
                    if option_string not in self.parser._option_string_actions:
                        raise ArgumentError(action, "ignored explicit argument %r" % explicit)
                    action = self.parser._option_string_actions[option_string]
                    explicit = rest
                    continue
                if count == 1:
                    stop = start + 1
                    taken.append((action, [explicit], option_string))
                    break
                raise ArgumentError(action, "ignored explicit argument %r" % explicit)
            begin = start + 1
            count = self.parser._match_argument(action, self.pattern[begin:])
            stop = begin + count
            taken.append((action, self.args[begin:stop], option_string))
            break
        for action, strings, option_string in taken:
            self.take(action, strings, option_string)
        return stop

    def consume_positionals(self, start):
        counts = self.parser._match_arguments_partial(self.positionals, self.pattern[start:])
        for action, count in zip(self.positionals, counts):
            self.take(action, self.args[start:start + count])
            start += count
        self.positionals = self.positionals[len(counts):]
        return start

    def run(self):
        start = 0
        last_option = max(self.options) if self.options else -1
        while start <= last_option:
            next_option = min(i for i in self.options if i >= start)
            if start != next_option:
                end = self.consume_positionals(start)
                if end > start:
                    start = end
                    continue
                start = end
            if start not in self.options:
                self.extras.extend(self.args[start:next_option])
                start = next_option
            start = self.consume_optional(start)
        stop = self.consume_positionals(start)
        self.extras.extend(self.args[stop:])
)PY";

}  // namespace rungs::python
