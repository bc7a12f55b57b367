# Generators still suspended when the program ends are closed then, as
# CPython's exit closes them: a tile producer left mid-way runs its finally
# block, a with-managed scratch buffer is released, and one that catches
# GeneratorExit says so. Unstarted and finished generators print nothing.
class Scratch:
    def __init__(self, name):
        self.name = name

    def __enter__(self):
        print("acquire", self.name)
        return self

    def __exit__(self, exc_type, exc, tb):
        print("release", self.name, exc_type.__name__ if exc_type else None)
        return False


def tiles(n, block):
    try:
        for start in range(0, n, block):
            yield start, min(start + block, n)
    finally:
        print("tiles done", n, block)


def staged(name):
    with Scratch(name):
        yield 1
        yield 2


def watcher():
    try:
        yield "ready"
    except GeneratorExit:
        print("watcher closed")
        raise


producer = tiles(100, 32)
print(next(producer), next(producer))
buffer = staged("vmem")
print(next(buffer))
w = watcher()
print(next(w))
never = tiles(10, 5)
finished = tiles(4, 4)
print(list(finished))
configs = {"main": tiles(64, 16)}
print(next(configs["main"]))
print("end of program")
# expect: (0, 32) (32, 64)
# expect: acquire vmem
# expect: 1
# expect: ready
# expect: tiles done 4 4
# expect: [(0, 4)]
# expect: (0, 16)
# expect: end of program
# expect: tiles done 100 32
# expect: release vmem GeneratorExit
# expect: watcher closed
# expect: tiles done 64 16
