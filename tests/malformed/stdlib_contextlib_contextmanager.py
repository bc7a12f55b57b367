# expect error: NotImplementedError: contextlib.contextmanager (it needs generator functions, 'yield') is not supported by Rungs @3:2
import contextlib
@contextlib.contextmanager
def timer():
    pass
