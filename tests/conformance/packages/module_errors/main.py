# Errors raised while importing the program's own modules, and importing
# names or modules that are not there.
try:
    import missing_helper
except ModuleNotFoundError as e:
    print(e)  # expect: No module named 'missing_helper'

try:
    import faulty
except ValueError as e:
    print("first import failed:", e)  # expect: first import failed: block 9 is larger than 4

# A failed module is not kept: importing it again runs it again.
import faulty
