# expect error: TypeError: Spec.__init__() got an unexpected keyword argument 'dtyp' @6:1
import dataclasses
@dataclasses.dataclass
class Spec:
    dtype: str = "float32"
Spec(dtyp="bfloat16")
