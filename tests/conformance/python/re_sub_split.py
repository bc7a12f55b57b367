# Normalising kernel names and splitting option strings.
import re

print(re.sub(r"[^0-9a-zA-Z]+", "_", "flash-attention v2 (fwd)"))  # expect: flash_attention_v2_fwd_
print(re.sub(r"(\w+)=(\d+)", r"\2:\1", "bm=128 bn=256"))  # expect: 128:bm 256:bn
print(re.sub(r"(?P<key>\w+)=(?P<val>\d+)", r"\g<val>/\g<key>/\g<0>", "bk=64"))  # expect: 64/bk/bk=64
print(re.subn(r"\s+", " ", "a   b \t c"))  # expect: ('a b c', 2)
print(re.sub(r"\d+", lambda m: str(int(m.group()) * 2), "grid 4 by 8"))  # expect: grid 8 by 16
print(re.sub("a", "b", "aaaa", count=2))  # expect: bbaa
print(re.sub("x*", "-", "abxd"))  # expect: -a-b--d-
print(re.sub(r"(a)|b", r"[\1]", "ab"))  # expect: [a][]
print(re.split(r",\s*", "bm=128, bn=256,bk=64"))  # expect: ['bm=128', 'bn=256', 'bk=64']
print(re.split(r"(,)", "a,b,c"))  # expect: ['a', ',', 'b', ',', 'c']
print(re.split(r"\s+", "  lead and trail  "))  # expect: ['', 'lead', 'and', 'trail', '']
print(re.split(r",", "a,b,c,d", maxsplit=2))  # expect: ['a', 'b', 'c,d']
print(re.split(r"x*", "axbc"))  # expect: ['', 'a', '', 'b', 'c', '']
print(re.split(r"(?:a)|(b)", "1a2b3"))  # expect: ['1', None, '2', 'b', '3']
print(re.escape("tpu.v5*[lite]"), re.escape("a_b c-d"))  # expect: tpu\.v5\*\[lite\] a_b\ c\-d
