# expect error: NotImplementedError: class definitions are not supported by Rungs @3:1
@dataclass
class Config:
    block: int = 128
