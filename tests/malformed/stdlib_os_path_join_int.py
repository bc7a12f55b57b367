# expect error: TypeError: expected str, bytes or os.PathLike object, not int @3:7
import os
out = os.path.join(7, "out.csv")
