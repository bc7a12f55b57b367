# A timing decorator that keeps the kernel function's identity.
import functools

log = []


def traced(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        log.append(fn.__name__)
        return fn(*args, **kwargs)
    return wrapper


@traced
def add_kernel(x, y):
    """Adds two blocks."""
    return x + y


print(add_kernel(2, 3), log)  # expect: 5 ['add_kernel']
print(add_kernel.__name__, add_kernel.__qualname__, add_kernel.__doc__, add_kernel.__module__)  # expect: add_kernel add_kernel Adds two blocks. __main__
print(add_kernel.__wrapped__(4, 5), add_kernel.__wrapped__.__name__)  # expect: 9 add_kernel


def plain(a):
    "doc of plain"
    return a


def shell(*a):
    return plain(*a)


plain.tag = "kernel"
functools.update_wrapper(shell, plain)
print(shell.__name__, shell.__doc__, shell.tag, shell.__wrapped__ is plain, shell(7))  # expect: plain doc of plain kernel True 7
print(functools.WRAPPER_ASSIGNMENTS, functools.WRAPPER_UPDATES)  # expect: ('__module__', '__name__', '__qualname__', '__doc__', '__annotations__') ('__dict__',)


def undocumented():
    pass


print(undocumented.__doc__, plain.__dict__)  # expect: None {'tag': 'kernel'}
undocumented.__name__ = "renamed"
print(undocumented.__name__)  # expect: renamed
bound = functools.partial(add_kernel, 1)
print(bound(2), functools.reduce(lambda a, b: a * b, [2, 3, 4]), functools.reduce(max, [], 0))  # expect: 3 24 0
print(repr(functools.partial(max, 1, key=abs))[:27])  # expect: functools.partial(<built-in
