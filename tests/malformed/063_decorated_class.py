# expect error: SyntaxError: expected ':' @3:13
@dataclass
class Config
    block: int = 128
