# expect error: SyntaxError: future feature spam is not defined @2:1
from __future__ import spam
