# Process-level standard modules import (utility files import them at top
# level); a name used from them is refused where it is used.
import ipaddress
import resource
import signal
import subprocess
import threading
import traceback

print("imported")  # expect: imported
lock = threading.Lock()  # expect error: NotImplementedError: threading.Lock is not supported by Rungs
