# Utility modules import ctypes at top level for helpers kernels never call
# (reading process memory, loading a C library). The import works; using a
# name from it is refused where it happens.
import ctypes
import numpy as np


def page_size():
  return 4096


print(page_size(), np.zeros(2).shape)  # expect: 4096 (2,)
libc = ctypes.CDLL("libc.so.6")  # expect error: NotImplementedError: ctypes.CDLL is not supported by Rungs
