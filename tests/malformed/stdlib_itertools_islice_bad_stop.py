# expect error: ValueError: Stop argument for islice() must be None or an integer: 0 <= x <= sys.maxsize. @3:8
from itertools import islice, count
head = islice(count(), "8")
