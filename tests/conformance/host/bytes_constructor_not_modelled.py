# Building a bytes object is refused, located at the call.
header = bytes([0x52, 0x55, 0x4E, 0x47])  # expect error: NotImplementedError: bytes() is not supported by Rungs
