# expect error: ValueError: sleep length must be non-negative @3:1
import time
time.sleep(-0.5)
