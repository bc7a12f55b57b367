# An exception of a user-defined class raised in a `with` block keeps its
# class (and identity) after a @contextmanager's __exit__ has thrown it into
# the generator and let it go: handlers and test runners see the same object.
import contextlib
import warnings


class QuotaExceeded(Exception):
    pass


@contextlib.contextmanager
def quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


@contextlib.contextmanager
def logged(log):
    try:
        yield
    except ValueError:
        log.append("value error seen")
        raise
    finally:
        log.append("closed")


@quiet()
def fetch(n):
    if n > 3:
        raise QuotaExceeded(f"{n} requests")
    return n


original = QuotaExceeded("first")
try:
    with quiet():
        raise original
except QuotaExceeded as e:
    print("caught", type(e).__name__, e is original)  # expect: caught QuotaExceeded True

try:
    fetch(5)
except QuotaExceeded as e:
    print("decorated:", e)  # expect: decorated: 5 requests

log = []
for exc in (QuotaExceeded("q"), ValueError("v")):
    try:
        with logged(log):
            raise exc
    except (QuotaExceeded, ValueError) as e:
        log.append(type(e).__name__)
print(log)  # expect: ['closed', 'QuotaExceeded', 'value error seen', 'closed', 'ValueError']
