# expect error: TypeError: 'int' object is not iterable @4:9
import itertools
blocks = itertools.chain([128], 256)
sizes = list(blocks)
