# Bytes literals as checkpoint loaders and kernel caches spell them: escapes,
# raw literals, implicit concatenation, and CPython's repr (quote choice,
# \t \n \r \\ kept short, other non-printables as \xhh).
MAGIC = b"\x93NUMPY"
HEADER = (b"RUNG"
          b"S\x00\x01")
print(MAGIC, len(MAGIC), MAGIC[0], MAGIC[1:6])  # expect: b'\x93NUMPY' 6 147 b'NUMPY'
print(HEADER, HEADER[-1], HEADER[-3:])  # expect: b'RUNGS\x00\x01' 1 b'S\x00\x01'
print(rb"\x00\n", len(rb"\x00\n"))  # expect: b'\\x00\\n' 6
print(b"it's", b'say "hi"', b"both ' and \"")  # expect: b"it's" b'say "hi"' b'both \' and "'
print(b"\t\n\r\\\x7f\x80\xff\0\101")  # expect: b'\t\n\r\\\x7f\x80\xff\x00A'
print(repr(b""), str(b"ab"), f"{b'k'}", "%s" % b"p")  # expect: b'' b'ab' b'k' b'p'
print(type(MAGIC), type(MAGIC).__name__, isinstance(MAGIC, bytes), isinstance("s", bytes))  # expect: <class 'bytes'> bytes True False
print(list(b"AZ"), [c for c in b"\x01\x02"], tuple(reversed(b"abc")))  # expect: [65, 90] [1, 2] (99, 98, 97)
