# expect error: TypeError: Tile.__new__() missing 1 required positional argument: 'cols' @6:5
from typing import NamedTuple
class Tile(NamedTuple):
    rows: int
    cols: int
t = Tile(8)
