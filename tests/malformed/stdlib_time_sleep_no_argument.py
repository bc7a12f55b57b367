# expect error: TypeError: time.sleep() takes exactly one argument (0 given) @3:1
import time
time.sleep()
