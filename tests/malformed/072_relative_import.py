# expect error: NotImplementedError: relative imports are not supported by Rungs @2:6
from . import utils
