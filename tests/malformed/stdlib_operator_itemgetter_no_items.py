# expect error: TypeError: itemgetter expected 1 argument, got 0 @3:7
from operator import itemgetter
key = itemgetter()
