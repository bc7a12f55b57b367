# expect error: ValueError: repeat argument cannot be negative @3:8
import itertools
grid = itertools.product(range(4), repeat=-2)
