// argparse's help and usage layout (HelpFormatter and its variants), run
// before argparse_source.cpp's parser in the same module. The layout is
// CPython 3.11's for a terminal of 80 columns (what it uses when stdout
// is not a terminal and COLUMNS is unset): text width 78, help column at
// most 24, help text wrapped with textwrap.
#include "core/python/library_sources.h"

namespace rungs::python {

const char* const kArgparseHelpSource = R"PY(
import re as _re
import textwrap as _textwrap

SUPPRESS = "==SUPPRESS=="
OPTIONAL = "?"
ZERO_OR_MORE = "*"
ONE_OR_MORE = "+"
PARSER = "A..."
REMAINDER = "..."


def _metavars(action, default_metavar, count):
    if action.metavar is not None:
        name = action.metavar
    elif action.choices is not None:
        name = "{" + ",".join(str(c) for c in action.choices) + "}"
    else:
        name = default_metavar
    if isinstance(name, tuple):
        if len(name) != count:
            raise TypeError("metavar tuple length mismatch")
        return name
    return (name,) * count


def _format_args(action, default_metavar):
    n = action.nargs
    if n is None:
        return "%s" % _metavars(action, default_metavar, 1)
    if n == OPTIONAL:
        return "[%s]" % _metavars(action, default_metavar, 1)
    if n == ZERO_OR_MORE:
        m = action.metavar
        if isinstance(m, tuple) and len(m) == 2:
            return "[%s [%s ...]]" % m
        return "[%s ...]" % _metavars(action, default_metavar, 1)
    if n == ONE_OR_MORE:
        return "%s [%s ...]" % _metavars(action, default_metavar, 2)
    if n == REMAINDER:
        return "..."
    if n == PARSER:
        return "%s ..." % _metavars(action, default_metavar, 1)
    if n == SUPPRESS:
        return ""
    if not isinstance(n, int):
        raise ValueError("invalid nargs value")
    return " ".join(["%s"] * n) % _metavars(action, default_metavar, n)


# One usage entry as CPython's usage wrapper cuts it: bracketed and
# parenthesised runs stay whole, anything else splits at spaces.
_PART = r"\(.*?\)+(?=\s|$)|\[.*?\]+(?=\s|$)|\S+"


class HelpFormatter:
    def __init__(self, prog, indent_increment=2, max_help_position=24, width=None):
        self._prog = prog
        self._width = (78 if width is None else width)
        self._indent_increment = indent_increment
        self._max_help_position = min(max_help_position, max(self._width - 20, indent_increment * 2))

    # ---- usage ----
    def _action_usage_parts(self, actions, groups):
        in_group = {}
        for group in groups:
            members = group._group_actions
            if not members:
                continue
            ids = [i for i, a in enumerate(actions) if a in members]
            if len(ids) == len(members) and ids == list(range(ids[0], ids[0] + len(ids))):
                in_group[ids[0]] = group
        parts = []
        i = 0
        while i < len(actions):
            group = in_group.get(i)
            if group is not None:
                inner = [self._one_usage(a, True) for a in group._group_actions if a.help is not SUPPRESS]
                inner = [p for p in inner if p]
                i += len(group._group_actions)
                if not inner:
                    continue
                text = " | ".join(inner)
                if len(inner) == 1 and not group.required:
                    parts.append("[%s]" % text)
                elif group.required:
                    parts.append("(%s)" % text)
                else:
                    parts.append("[%s]" % text)
                continue
            part = self._one_usage(actions[i], False)
            i += 1
            if part:
                parts.append(part)
        return parts

    def _one_usage(self, action, grouped):
        if action.help is SUPPRESS:
            return ""
        if not action.option_strings:
            return _format_args(action, action.dest)
        option = action.option_strings[0]
        if action.nargs == 0:
            part = action.format_usage()
        else:
            part = "%s %s" % (option, _format_args(action, action.dest.upper()))
        if not action.required and not grouped:
            part = "[%s]" % part
        return part

    def _usage_lines(self, prog, optionals, positionals, groups, prefix):
        opt_parts = [p for s in self._action_usage_parts(optionals, groups) for p in _re.findall(_PART, s)]
        pos_parts = [p for s in self._action_usage_parts(positionals, groups) for p in _re.findall(_PART, s)]
        text_width = self._width

        def lines_of(parts, indent, first_prefix=None):
            lines, line = [], []
            length = len(first_prefix) - 1 if first_prefix is not None else len(indent) - 1
            for part in parts:
                if line and length + 1 + len(part) > text_width:
                    lines.append(indent + " ".join(line))
                    line = []
                    length = len(indent) - 1
                line.append(part)
                length += len(part) + 1
            if line:
                lines.append(indent + " ".join(line))
            if first_prefix is not None:
                lines[0] = lines[0][len(indent):]
            return lines

        if len(prefix) + len(prog) <= 0.75 * text_width:
            indent = " " * (len(prefix) + len(prog) + 1)
            if opt_parts:
                lines = lines_of([prog] + opt_parts, indent, prefix)
                lines.extend(lines_of(pos_parts, indent))
            elif pos_parts:
                lines = lines_of([prog] + pos_parts, indent, prefix)
            else:
                lines = [prog]
        else:
            indent = " " * len(prefix)
            lines = lines_of(opt_parts + pos_parts, indent)
            if len(lines) > 1:
                lines = lines_of(opt_parts, indent) + lines_of(pos_parts, indent)
            lines = [prog] + lines
        return "\n".join(lines)

    def format_usage(self, usage, actions, groups, prefix="usage: "):
        if usage is SUPPRESS:
            return ""
        if usage is not None:
            text = usage % dict(prog=self._prog)
        else:
            optionals = [a for a in actions if a.option_strings]
            positionals = [a for a in actions if not a.option_strings]
            parts = self._action_usage_parts(optionals + positionals, groups)
            text = " ".join([self._prog] + parts)
            if len(prefix) + len(text) > self._width:
                text = self._usage_lines(self._prog, optionals, positionals, groups, prefix)
        return "%s%s\n\n" % (prefix, text)

    # ---- help ----
    def _invocation(self, action):
        if not action.option_strings:
            return _metavars(action, action.dest, 1)[0]
        if action.nargs == 0:
            return ", ".join(action.option_strings)
        args = _format_args(action, action.dest.upper())
        return ", ".join("%s %s" % (o, args) for o in action.option_strings)

    def _get_help_string(self, action):
        return action.help

    def _expand_help(self, action):
        params = dict(vars(action), prog=self._prog)
        for name in list(params):
            if params[name] is SUPPRESS:
                del params[name]
        for name in list(params):
            if hasattr(params[name], "__name__"):
                params[name] = params[name].__name__
        if params.get("choices") is not None:
            params["choices"] = ", ".join(str(c) for c in params["choices"])
        return self._get_help_string(action) % params

    def _split_lines(self, text, width):
        text = _re.sub(r"\s+", " ", text).strip()
        return _textwrap.wrap(text, width)

    def _fill_text(self, text, width, indent):
        text = _re.sub(r"\s+", " ", text).strip()
        return _textwrap.fill(text, width, initial_indent=indent, subsequent_indent=indent)

    def _text(self, text, indent):
        if text is SUPPRESS or not text:
            return ""
        if "%(prog)" in text:
            text = text % dict(prog=self._prog)
        width = max(self._width - indent, 11)
        return self._fill_text(text, width, " " * indent) + "\n\n"

    def _action_lines(self, action, help_position, indent):
        help_width = max(self._width - help_position, 11)
        action_width = help_position - indent - 2
        header = self._invocation(action)
        if not action.help:
            out = " " * indent + header + "\n"
        elif len(header) <= action_width:
            out = " " * indent + header.ljust(action_width) + "  "
        else:
            out = " " * indent + header + "\n"
        if action.help:
            text = self._expand_help(action)
            lines = self._split_lines(text, help_width) if text.strip() else []
            if lines:
                first_indent = 0 if len(header) <= action_width else help_position
                out += " " * first_indent + lines[0] + "\n"
                for line in lines[1:]:
                    out += " " * help_position + line + "\n"
            elif not out.endswith("\n"):
                out += "\n"
        return out

    def format_help(self, usage, description, epilog, action_groups, actions, groups):
        indent = self._indent_increment
        visible = [a for g in action_groups for a in g._group_actions if a.help is not SUPPRESS]
        longest = max([len(self._invocation(a)) + indent for a in visible], default=0)
        help_position = min(longest + 2, self._max_help_position)
        parts = [self.format_usage(usage, actions, groups), self._text(description, 0)]
        for group in action_groups:
            body = self._text(group.description, indent)
            for action in group._group_actions:
                if action.help is not SUPPRESS:
                    body += self._action_lines(action, help_position, indent)
            if body and group.title is not SUPPRESS:
                title = "%s:\n" % group.title if group.title else ""
                parts.append(title + body + "\n")
        parts.append(self._text(epilog, 0))
        text = _re.sub(r"\n\n\n+", "\n\n", "".join(parts))
        return text.strip("\n") + "\n"


class RawDescriptionHelpFormatter(HelpFormatter):
    def _fill_text(self, text, width, indent):
        return "".join(indent + line for line in text.splitlines(keepends=True))


class RawTextHelpFormatter(RawDescriptionHelpFormatter):
    def _split_lines(self, text, width):
        return text.splitlines()


class ArgumentDefaultsHelpFormatter(HelpFormatter):
    def _get_help_string(self, action):
        text = action.help
        if text is None:
            text = ""
        if "%(default)" not in text and action.default is not SUPPRESS:
            if action.option_strings or action.nargs in (OPTIONAL, ZERO_OR_MORE):
                text += " (default: %(default)s)"
        return text


class MetavarTypeHelpFormatter(HelpFormatter):
    pass
)PY";

}  // namespace rungs::python
