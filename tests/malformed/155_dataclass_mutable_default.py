# expect error: ValueError: mutable default <class 'list'> for field sizes is not allowed: use default_factory @3:2
import dataclasses
@dataclasses.dataclass
class Config:
    sizes: list = []
