# expect error: TypeError: str expected, not int @3:9
import os
flags = os.getenv(42)
