# A verbose pattern for block-spec strings, and how flags print.
import re

SPEC = re.compile(r"""
    (?P<name>[a-z_]+)      # the operand
    \s* : \s*
    (?P<rows>\d+) \s* x \s* (?P<cols>\d+)   # its block shape
""", re.VERBOSE | re.IGNORECASE)

m = SPEC.match("Q : 128 x 64")
print(m.group("name", "rows", "cols"))  # expect: ('Q', '128', '64')
print(re.compile(r"(?x) a b # comment").match("ab").group())  # expect: ab
print(re.I, re.IGNORECASE | re.MULTILINE, repr(re.S), int(re.A), re.X.value)  # expect: re.IGNORECASE re.IGNORECASE|re.MULTILINE re.DOTALL 256 64
print(re.compile("a+", re.I), re.compile("a+"), re.compile("a", re.A | re.M))  # expect: re.compile('a+', re.IGNORECASE) re.compile('a+') re.compile('a', re.MULTILINE|re.ASCII)
print(re.compile(r"\d+", re.I).flags, re.compile(r"\d+").flags, re.compile(r"(?m)x").flags)  # expect: 34 32 40
print(re.compile("x") is re.compile("x"), re.compile(re.compile("y")).pattern)  # expect: True y
re.purge()
print(re.compile("x").pattern, re.NOFLAG, re.M & re.M, bool(re.M & re.S))  # expect: x re.NOFLAG re.MULTILINE False
