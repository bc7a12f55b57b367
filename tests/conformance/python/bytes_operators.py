# bytes as a value: equality and ordering by byte, hashing (dict keys, sets),
# +, *, `in` for sub-bytes and ints, slicing with steps, iteration, bool.
cache = {}
for shape in [(8, 128), (16, 128), (8, 128)]:
    key = b"x".join(str(d).encode() for d in shape)
    cache[key] = cache.get(key, 0) + 1
print(sorted(cache.items(), key=lambda item: item[0]))  # expect: [(b'16x128', 1), (b'8x128', 2)]
print(b"abc" == b"abc", b"abc" != b"abd", b"a" == "a", b"" == b"")  # expect: True True False True
print(b"abc" < b"abd", b"ab" < b"abc", b"\xff" > b"z", sorted([b"b", b"a\xff", b"a"]))  # expect: True True True [b'a', b'a\xff', b'b']
print(b"ab" + b"cd", b"ab" * 3, 2 * b"xy", b"q" * 0, bool(b""), bool(b"\x00"))  # expect: b'abcd' b'ababab' b'xyxy' b'' False True
print(b"cd" in b"abcde", 99 in b"abc", 0 in b"abc", b"" in b"a")  # expect: True True False True
data = bytes(range(10))
print(data[::2], data[::-3], data[2:5], data[-1], len(data))  # expect: b'\x00\x02\x04\x06\x08' b'\t\x06\x03\x00' b'\x02\x03\x04' 9 10
print(sum(data), max(b"hello"), sorted(set(b"banana")))  # expect: 45 111 [97, 98, 110]
print(len({b"a", b"a", b"b"}), hash(b"k") == hash(b"k"))  # expect: 2 True
print(bytes(3), bytes([65, 66, 67]), bytes((1, 2)), bytes(b"copy"), bytes(), bytes(range(3)))  # expect: b'\x00\x00\x00' b'ABC' b'\x01\x02' b'copy' b'' b'\x00\x01\x02'
print(b"a,b,,c".split(b","), b"  pad ".strip(), b"hello".replace(b"l", b"L"), b"hello".find(b"l"), b"hello".count(b"l"))  # expect: [b'a', b'b', b'', b'c'] b'pad' b'heLLo' 2 2
print(b"Hello".upper(), b"Hello".lower(), b"hello".index(b"lo"))  # expect: b'HELLO' b'hello' 3
