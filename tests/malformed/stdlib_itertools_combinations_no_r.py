# expect error: TypeError: combinations() missing required argument 'r' (pos 2) @3:9
import itertools
pairs = itertools.combinations([8, 16, 32])
