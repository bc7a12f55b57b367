# Python semantics: compared with CPython 3.11's output.
s = "Hello, Pallas"
print(s.lower(), s.upper(), len(s), s[0], s[-1], s[1:5], s[::-1][:3])
print(s.split(", "), "-".join(["a", "b", "c"]), s.replace("l", "L"))
print(s.startswith("He"), s.endswith("as"), s.find("Pa"), "x" in s, "Pa" in s)
print("  pad  ".strip() + "|", "%d items at %.2f" % (3, 1.5), "%s and %r" % ("a", "b"))
print("{} + {} = {}".format(1, 2, 3), "{0}{1}{0}".format("a", "b"), "{x}-{y}".format(x=1, y=2))
name = "grid"; n = 8; f = 3.14159
print(f"{name}={n}", f"{f:.2f}", f"{n:>5}|", f"{n:<5}|", f"{n:^7}|", f"{n:05d}", f"{255:x}", f"{1234567:,}")
print(f"{n=}", f"{name!r}", f"{[1, 2]}", f"{'nested'}", f"{f:e}", f"{0.5:%}")
print(repr("it's"), repr('say "hi"'), str(3), str(2.0), "abc" * 2, "a" < "b")
# expect: hello, pallas HELLO, PALLAS 13 H s ello sal
# expect: ['Hello', 'Pallas'] a-b-c HeLLo, PaLLas
# expect: True True 7 False True
# expect: pad| 3 items at 1.50 a and 'b'
# expect: 1 + 2 = 3 aba 1-2
# expect: grid=8 3.14     8| 8    |    8   | 00008 ff 1,234,567
# expect: n=8 'grid' [1, 2] nested 3.141590e+00 50.000000%
# expect: "it's" 'say "hi"' 3 2.0 abcabc True
