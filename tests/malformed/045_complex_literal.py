# expect error: NotImplementedError: complex numbers are not supported @2:9
z = 3 + 4j
