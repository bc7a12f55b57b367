# expect error: ValueError: 7 is not a valid Variant @8:1
from enum import Enum


class Variant(Enum):
    NAIVE = 1
    TILED = 2
Variant(7)
