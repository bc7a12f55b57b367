# Misusing bytes: CPython's TypeError and ValueError texts for mixing with
# str, bad constructor arguments, out-of-range bytes and indices.
def failure(attempt):
    try:
        attempt()
    except Exception as e:
        return type(e).__name__ + ": " + str(e)
    return "no error"


missing = None
print(failure(lambda: b"key" + "suffix"))  # expect: TypeError: can't concat str to bytes
print(failure(lambda: "prefix" + b"key"))  # expect: TypeError: can only concatenate str (not "bytes") to str
print(failure(lambda: bytes("text")))  # expect: TypeError: string argument without an encoding
print(failure(lambda: bytes([1, 256])))  # expect: ValueError: bytes must be in range(0, 256)
print(failure(lambda: bytes([-1])))  # expect: ValueError: bytes must be in range(0, 256)
print(failure(lambda: bytes(["a"])))  # expect: TypeError: 'str' object cannot be interpreted as an integer
print(failure(lambda: bytes(-2)))  # expect: ValueError: negative count
print(failure(lambda: bytes(2.5)))  # expect: TypeError: cannot convert 'float' object to bytes
print(failure(lambda: bytes(3, "utf-8")))  # expect: TypeError: encoding without a string argument
print(failure(lambda: b"ab"[2]))  # expect: IndexError: index out of range
print(failure(lambda: b"ab"[missing]))  # expect: TypeError: byte indices must be integers or slices, not NoneType
print(failure(lambda: "a" in b"abc"))  # expect: TypeError: a bytes-like object is required, not 'str'
print(failure(lambda: 300 in b"abc"))  # expect: ValueError: byte must be in range(0, 256)
print(failure(lambda: b"a" < "b"))  # expect: TypeError: '<' not supported between instances of 'bytes' and 'str'
print(failure(lambda: b"ab" * 1.5))  # expect: TypeError: can't multiply sequence by non-int of type 'float'
frozen = b"abc"
frozen[0] = 1  # expect error: TypeError: 'bytes' object does not support item assignment
