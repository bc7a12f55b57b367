# expect error: TypeError: first argument must be string or compiled pattern @3:9
import re
table = re.compile(128)
