# expect error: TypeError: Non-default namedtuple field block_k cannot follow default field block_q @3:1
from typing import NamedTuple
class Blocks(NamedTuple):
    block_q: int = 128
    block_k: int
