# expect error: NotImplementedError: bytes literals are not supported by Rungs @2:8
data = b"\x00\x01"
