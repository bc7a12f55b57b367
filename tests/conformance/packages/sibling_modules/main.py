# A program split over several files: its modules sit beside it.
import block_config  # expect: block_config loaded as block_config
import counters
from block_config import BlockSizes, pick
from counters import *

print(block_config.DEFAULT_BLOCK)  # expect: 128
print(pick(1024, 128))  # expect: BlockSizes(block_q=256, block_k=512)
print(pick(4096, 64))  # expect: BlockSizes(block_q=128, block_k=128)
print(BlockSizes)  # expect: <class 'block_config.BlockSizes'>
print(pick(2048, 128)._replace(block_k=1024))  # expect: BlockSizes(block_q=512, block_k=1024)

print(bump(), bump())  # expect: 1 2
print(counters.calls)  # expect: 2
counters.verbose = True
print(report())  # expect: calls=2 verbose=True
try:
    _helper()
except NameError as e:
    print(e)  # expect: name '_helper' is not defined

import block_config as again
print(again is block_config)  # expect: True
print(type(counters).__name__, counters.__name__)  # expect: module counters
