# contextlib's managers in `with` statements.
import contextlib
with contextlib.nullcontext(42) as v:
    print("nullcontext", v)
with contextlib.nullcontext() as v:
    print("nullcontext", v)
with contextlib.suppress(KeyError, IndexError):
    [][3]
    print("not reached")
print("suppressed IndexError")
with contextlib.suppress(ArithmeticError):
    1 / 0
print("suppressed ZeroDivisionError via ArithmeticError")
try:
    with contextlib.suppress(KeyError):
        int("x")
except ValueError as e:
    print("not suppressed:", e)
log = []
with contextlib.ExitStack() as stack:
    stack.callback(log.append, "first registered")
    stack.callback(log.append, "second registered")
    v = stack.enter_context(contextlib.nullcontext("entered"))
    log.append(v)
print(log)
class Res:
    def close(self):
        print("closed")
with contextlib.closing(Res()) as r:
    print(type(r).__name__)
stack = contextlib.ExitStack()
stack.callback(print, "closing", "stack")
moved = stack.pop_all()
stack.close()
moved.close()
with contextlib.ExitStack() as s:
    s.enter_context(contextlib.suppress(ValueError))
    raise ValueError("swallowed")
print("done")
contextlib.nullcontext(1, 2)  # expect error: TypeError: nullcontext.__init__() takes from 1 to 2 positional arguments but 3 were given
# expect: nullcontext 42
# expect: nullcontext None
# expect: suppressed IndexError
# expect: suppressed ZeroDivisionError via ArithmeticError
# expect: not suppressed: invalid literal for int() with base 10: 'x'
# expect: ['entered', 'second registered', 'first registered']
# expect: Res
# expect: closed
# expect: closing stack
# expect: done
