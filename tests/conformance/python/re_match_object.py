# What a Match object offers a harness that reads benchmark output.
import re

line = "kernel=matmul_bf16 time=12.5us flops=3.2e12"
m = re.search(r"kernel=(?P<kernel>\w+) time=(?P<time>[\d.]+)(?P<unit>us|ms)(?: extra=(\w+))?", line)
print(m)  # expect: <re.Match object; span=(0, 30), match='kernel=matmul_bf16 time=12.5us'>
print(m[0] == m.group(0), m["kernel"], m[2], m.group(1, 3), m.group("unit"))  # expect: True matmul_bf16 12.5 ('matmul_bf16', 'us') us
print(m.groups(), m.groups("-"))  # expect: ('matmul_bf16', '12.5', 'us', None) ('matmul_bf16', '12.5', 'us', '-')
print(m.groupdict(), m.groupdict(default="?"))  # expect: {'kernel': 'matmul_bf16', 'time': '12.5', 'unit': 'us'} {'kernel': 'matmul_bf16', 'time': '12.5', 'unit': 'us'}
print(m.start(), m.end(), m.span(2), m.start(4), m.span(4))  # expect: 0 30 (24, 28) -1 (-1, -1)
print(m.expand(r"\g<kernel> took \2\3"))  # expect: matmul_bf16 took 12.5us
print(m.lastindex, m.lastgroup, m.regs[:2])  # expect: 3 unit ((0, 30), (7, 18))
m2 = re.match(r"(a)(b)?", "ac")
print(m2.lastindex, m2.group(2), m2.span(2), m2.regs)  # expect: 1 None (-1, -1) ((0, 1), (0, 1), (-1, -1))
print(re.match(r"((a)b)", "ab").lastindex, re.match(r"(?P<x>a)|(?P<y>b)", "b").lastgroup)  # expect: 1 y
print(re.match("x", "y"), re.search("a", "bab", 2), re.match("b", "ab", 1))  # expect: None <re.Match object; span=(1, 2), match='a'> None
print(repr(re.match(r"\w+", "tile'sx")), re.match("", "abc"))  # expect: <re.Match object; span=(0, 4), match='tile'> <re.Match object; span=(0, 0), match=''>
bad_groups = []
for bad in (3, "zz", -1):
    try:
        m.group(bad)
    except IndexError as e:
        bad_groups.append(f"IndexError: {e}")
print(bad_groups)  # expect: ['IndexError: no such group', 'IndexError: no such group']
