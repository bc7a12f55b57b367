# expect error: FrozenInstanceError: cannot assign to field 'bq' @7:1
import dataclasses
@dataclasses.dataclass(frozen=True)
class Blocks:
    bq: int = 8
b = Blocks()
b.bq = 16
