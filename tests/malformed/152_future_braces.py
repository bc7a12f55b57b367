# expect error: SyntaxError: not a chance @2:1
from __future__ import braces
