# str.encode / bytes.decode with the codecs configuration files and
# tokenizers use (utf-8, ascii, latin-1) and the error handlers, with
# CPython's UnicodeDecodeError / UnicodeEncodeError texts.
def failure(attempt):
    try:
        attempt()
    except Exception as e:
        return type(e).__name__ + ": " + str(e)
    return "no error"


name = "Grüße, 世界"
raw = name.encode()
print(raw, len(raw), len(name))  # expect: b'Gr\xc3\xbc\xc3\x9fe, \xe4\xb8\x96\xe7\x95\x8c' 15 9
print(raw.decode("utf-8") == name, raw.decode() == name)  # expect: True True
print("café".encode("latin-1"), b"caf\xe9".decode("latin-1"), "abc".encode("ascii"))  # expect: b'caf\xe9' café b'abc'
print(bytes("tpu", "utf-8"), bytes("Ü", encoding="latin_1"), "x".encode(encoding="UTF8"))  # expect: b'tpu' b'\xdc' b'x'
print(b"a\xffb".decode("utf-8", "replace"), b"a\xffb".decode("utf-8", "ignore"), b"a\xe9".decode("ascii", errors="replace"))  # expect: a�b ab a�
print("naïve".encode("ascii", "replace"), "naïve".encode("ascii", "ignore"))  # expect: b'na?ve' b'nave'
print(failure(lambda: b"\xff".decode()))  # expect: UnicodeDecodeError: 'utf-8' codec can't decode byte 0xff in position 0: invalid start byte
print(failure(lambda: b"ok\xe2\x82".decode()))  # expect: UnicodeDecodeError: 'utf-8' codec can't decode bytes in position 2-3: unexpected end of data
print(failure(lambda: b"\xe2\x28\xa1".decode()))  # expect: UnicodeDecodeError: 'utf-8' codec can't decode byte 0xe2 in position 0: invalid continuation byte
print(failure(lambda: b"\xc3".decode("utf8")))  # expect: UnicodeDecodeError: 'utf-8' codec can't decode byte 0xc3 in position 0: unexpected end of data
print(failure(lambda: "é".encode("ascii")))  # expect: UnicodeEncodeError: 'ascii' codec can't encode character '\xe9' in position 0: ordinal not in range(128)
print(failure(lambda: "ok €€".encode("latin-1")))  # expect: UnicodeEncodeError: 'latin-1' codec can't encode characters in position 3-4: ordinal not in range(256)
print(failure(lambda: "日本".encode("ascii")))  # expect: UnicodeEncodeError: 'ascii' codec can't encode characters in position 0-1: ordinal not in range(128)
print(failure(lambda: b"x".decode("utf-9")))  # expect: LookupError: unknown encoding: utf-9
print(issubclass(UnicodeDecodeError, ValueError), issubclass(UnicodeEncodeError, UnicodeError))  # expect: True True
