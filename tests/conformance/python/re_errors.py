# Pattern mistakes as re.error reports them: the message and the position.
import re

patterns = ["(abc", "*a", "a**", "[abc", "(?<x", r"\q", "a)", "[z-a]", "a{3,1}",
            "(?P<n>a)(?P=m)", r"(a)\2", r"(a\1)", "(?P<1a>x)", "(?P<n>a)(?P<n>b)",
            "(?", "a(?i)b", r"[\d-z]", "(?#open", "(?x", "(?P<>a)"]
reports = []
for p in patterns:
    try:
        re.compile(p)
        reports.append(f"{p} compiles")
    except re.error as e:
        reports.append(f"{p!r} -> {e}")
print(reports[0:4])  # expect: ["'(abc' -> missing ), unterminated subpattern at position 0", "'*a' -> nothing to repeat at position 0", "'a**' -> multiple repeat at position 2", "'[abc' -> unterminated character set at position 0"]
print(reports[4:8])  # expect: ["'(?<x' -> unknown extension ?<x at position 1", "'\\\\q' -> bad escape \\q at position 0", "'a)' -> unbalanced parenthesis at position 1", "'[z-a]' -> bad character range z-a at position 1"]
print(reports[8:12])  # expect: ["'a{3,1}' -> min repeat greater than max repeat at position 2", "'(?P<n>a)(?P=m)' -> unknown group name 'm' at position 12", "'(a)\\\\2' -> invalid group reference 2 at position 4", "'(a\\\\1)' -> cannot refer to an open group at position 2"]
print(reports[12:16])  # expect: ["'(?P<1a>x)' -> bad character in group name '1a' at position 4", "'(?P<n>a)(?P<n>b)' -> redefinition of group name 'n' as group 2; was group 1 at position 12", "'(?' -> unexpected end of pattern at position 2", "'a(?i)b' -> global flags not at the start of the expression at position 1"]
print(reports[16:])  # expect: ["'[\\\\d-z]' -> bad character range \\d-z at position 1", "'(?#open' -> missing ), unterminated comment at position 0", "'(?x' -> missing -, : or ) at position 3", "'(?P<>a)' -> missing group name at position 4"]
try:
    re.compile("(?<=a+)b")
except re.error as e:
    print(e)  # expect: look-behind requires fixed-width pattern
try:
    re.sub("(a)", r"\g<x>", "a")
except IndexError as e:
    print("IndexError:", e)  # expect: IndexError: unknown group name 'x'
template_reports = []
for template in [r"\2", r"\g<x", r"\g", r"\q"]:
    try:
        re.sub("(a)", template, "a")
    except re.error as e:
        template_reports.append(f"{template!r} -> {e}")
print(template_reports)  # expect: ["'\\\\2' -> invalid group reference 2 at position 1", "'\\\\g<x' -> missing >, unterminated name at position 3", "'\\\\g' -> missing < at position 2", "'\\\\q' -> bad escape \\q at position 0"]
try:
    re.search("a", 5)
except TypeError as e:
    print("TypeError:", e)  # expect: TypeError: expected string or bytes-like object, got 'int'
try:
    re.compile(5)
except TypeError as e:
    print("TypeError:", e)  # expect: TypeError: first argument must be string or compiled pattern
try:
    re.compile(re.compile("a"), re.I)
except ValueError as e:
    print("ValueError:", e)  # expect: ValueError: cannot process flags argument with a compiled pattern
print(issubclass(re.error, Exception))  # expect: True
re.compile("tile(")  # expect error: re.error: missing ), unterminated subpattern at position 4
