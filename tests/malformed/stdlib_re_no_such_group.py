# expect error: IndexError: no such group @4:1
import re
m = re.match(r"(\d+)x(\d+)", "8x128")
m.group(3)
