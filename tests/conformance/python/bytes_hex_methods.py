# hex(), bytes.fromhex, startswith/endswith and join, as weight-file readers
# and fingerprinting helpers use them.
def failure(attempt):
    try:
        attempt()
    except Exception as e:
        return type(e).__name__ + ": " + str(e)
    return "no error"


digest = bytes([0xde, 0xad, 0xbe, 0xef, 0x01])
print(digest.hex(), digest.hex(":"), digest.hex("-", 2), digest.hex(" ", -2))  # expect: deadbeef01 de:ad:be:ef:01 de-adbe-ef01 dead beef 01
print(bytes.fromhex("de ad BEEF 01") == digest, bytes.fromhex(""), bytes.fromhex(" 00 ff "))  # expect: True b'' b'\x00\xff'
print(b"\x93NUMPY\x01".startswith(b"\x93NUMPY"), b"model.safetensors".endswith((b".bin", b".safetensors")))  # expect: True True
print(b"abcdef".startswith(b"cd", 2), b"abcdef".endswith(b"cd", 0, 4))  # expect: True True
print(b"/".join([b"ckpt", b"step_100", b"params"]), b"".join([]), b", ".join((b"a",)))  # expect: b'ckpt/step_100/params' b'' b'a'
print(failure(lambda: bytes.fromhex("0g")))  # expect: ValueError: non-hexadecimal number found in fromhex() arg at position 1
print(failure(lambda: bytes.fromhex("abc")))  # expect: ValueError: non-hexadecimal number found in fromhex() arg at position 3
print(failure(lambda: b"x".startswith("x")))  # expect: TypeError: startswith first arg must be bytes or a tuple of bytes, not str
print(failure(lambda: b"-".join([b"a", "b"])))  # expect: TypeError: sequence item 1: expected a bytes-like object, str found
print(failure(lambda: b"x".hex("::")))  # expect: ValueError: sep must be length 1.
