# expect error: RuntimeError: generator didn't yield @7:6
import contextlib
@contextlib.contextmanager
def timer():
    return
    yield
with timer():
    pass
