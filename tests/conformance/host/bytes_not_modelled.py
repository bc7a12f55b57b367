# Binary data is outside Rungs' subset. Library code that only tests for it
# runs; making bytes is refused where it happens.
import numpy as np


def normalise_name(name):
  if isinstance(name, (bytes, bytearray)):
    raise TypeError("expected text")
  return name.strip().lower()


print(normalise_name("  Flash_Attention "))  # expect: flash_attention
print(isinstance(3, bytes), bytes.__name__)  # expect: False bytes

block_table = np.arange(8, dtype=np.int32)
cache_key = hash(block_table.tobytes())  # expect error: NotImplementedError: ndarray.tobytes() (bytes objects) is not supported by Rungs
