# expect error: ImportError: attempted relative import with no known parent package @2:1
from ..pkg.mod import f
