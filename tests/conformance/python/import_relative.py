# A program run as a script has no package: relative imports fail as in CPython.
import math
print(math.floor(2.5))
from . import helpers  # expect error: ImportError: attempted relative import with no known parent package
# expect: 2
