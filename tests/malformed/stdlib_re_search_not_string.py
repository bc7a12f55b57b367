# expect error: TypeError: expected string or bytes-like object, got 'int' @3:1
import re
re.search(r"TPU v(\d+)", 5)
