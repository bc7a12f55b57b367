# expect error: SyntaxError: from __future__ imports must occur at the beginning of the file @3:1
import math
from __future__ import annotations
