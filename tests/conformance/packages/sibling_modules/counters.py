# Module state changed by the module's own functions and from outside.
calls = 0
verbose = False

__all__ = ["bump", "report"]


def bump():
    global calls
    calls += 1
    return calls


def report():
    return f"calls={calls} verbose={verbose}"


def _helper():
    return "hidden"
