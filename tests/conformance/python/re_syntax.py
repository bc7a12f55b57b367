# The pattern syntax a harness leans on: anchors, classes, repeats, groups,
# lookarounds and backreferences.
import re

print(re.match(r"^\d{2,3}$", "128"), re.match(r"^\d{2,3}$", "1024"))  # expect: <re.Match object; span=(0, 3), match='128'> None
print(re.fullmatch(r"[a-f0-9]+", "deadbeef").group(), re.fullmatch(r"a|ab", "ab").span())  # expect: deadbeef (0, 2)
print(re.search(r"<.+?>", "<a><b>").group(), re.search(r"<.+>", "<a><b>").group())  # expect: <a> <a><b>
print(re.search(r"\bcore\b", "cores core").span(), re.search(r"\Bore", "core").span())  # expect: (6, 10) (1, 4)
print(re.match(r"(\w)(\w)\2\1", "abba").groups())  # expect: ('a', 'b')
print(re.search(r"(?P<q>['\"])(.*?)(?P=q)", "say 'hi' now").group(2))  # expect: hi
print(re.search(r"v\d(?= lite)", "v4 v5 lite").group(), re.search(r"v\d(?! lite)", "v5 lite v6").group())  # expect: v5 v6
print(re.search(r"(?<=bm=)\d+", "bn=1 bm=64").group(), re.search(r"(?<!b)n=\d", "bn=1 n=2").group())  # expect: 64 n=2
print(re.match(r"(?:ab)+", "ababx").group(), re.match(r"(ab)*", "ababx").group(1))  # expect: abab ab
print(re.match(r"(a*)*", "b").groups(), re.match(r"(a?)+", "aa").groups())  # expect: ('',) ('',)
print(re.search(r"^tile", "row\ntile", re.M).span(), re.search(r"row$", "row\ntile", re.M).span())  # expect: (4, 8) (0, 3)
print(re.match(r"a.c", "a\nc"), re.match(r"a.c", "a\nc", re.S).group() == "a\nc")  # expect: None True
print(re.match(r"(?i)tpu", "TPU").group(), re.match(r"(?i:t)pu", "Tpu").group(), re.match(r"(?i:t)pu", "TPU"))  # expect: TPU Tpu None
print(re.findall(r"[\w.-]+@[\w.-]+", "a.b@c.d, x@y"), re.findall(r"[^\s,]+", "a, b c"))  # expect: ['a.b@c.d', 'x@y'] ['a', 'b', 'c']
print(re.match(r"\x41\u0042\103\t", "ABC\t").group() == "ABC\t", re.match(r"[\]a-]+", "a]-a").group())  # expect: True a]-a
print(re.search(r"x{", "ax{").span(), re.match(r"a{,2}", "aaa").group(), re.match(r"a{2}?", "aaa").group())  # expect: (1, 3) aa aa
print(re.match(r"a$", "a\n"), re.match(r"a\Z", "a\n"), re.match(r"\Aa", "a").span())  # expect: <re.Match object; span=(0, 1), match='a'> None (0, 1)
print(re.search("é+", "café").span(), re.sub("ü", "ue", "Grüße"))  # expect: (3, 4) Grueße
