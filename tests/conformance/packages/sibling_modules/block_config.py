# A tuning table module, as kernel packages keep beside their kernels.
from typing import NamedTuple

DEFAULT_BLOCK = 128
_PRIVATE_NOTE = "not exported by *"


class BlockSizes(NamedTuple):
    block_q: int = DEFAULT_BLOCK
    block_k: int = DEFAULT_BLOCK


TABLE = {
    (1024, 128): BlockSizes(256, 512),
    (2048, 128): BlockSizes(512, 512),
}


def pick(seq_len, head_dim):
    return TABLE.get((seq_len, head_dim), BlockSizes())


print("block_config loaded as", __name__)
