# User exceptions subclassing built-in ones: compared with CPython 3.11's output.
class ConfigError(ValueError):
    pass


class BlockSizeError(ConfigError):
    def __init__(self, name, size):
        super().__init__(f"{name}={size} is not a multiple of 8")
        self.name = name
        self.size = size


class Quiet(Exception):
    def __str__(self):
        return "quiet!"


def check(name, size):
    if size % 8:
        raise BlockSizeError(name, size)
    return size


try:
    check("block_m", 12)
except ConfigError as e:
    print(type(e).__name__, e, e.name, e.size, e.args)
    print(isinstance(e, ValueError), isinstance(e, BlockSizeError), isinstance(e, KeyError))
try:
    check("block_n", 20)
except ValueError as e:
    print("as ValueError:", e)
try:
    raise ConfigError("bad", 1)
except (KeyError, BlockSizeError):
    print("wrong")
except ConfigError as e:
    print("config", e, repr(e))
try:
    raise Quiet
except Exception as e:
    print(e, repr(e), str(e))
try:
    try:
        int("x")
    except ValueError as e:
        raise ConfigError("could not parse") from e
except ConfigError as e:
    print(e, "<-", type(e.__cause__).__name__, e.__cause__)
try:
    try:
        raise BlockSizeError("k", 3)
    except BlockSizeError:
        raise
except Exception as e:
    print("re-raised", e.size)
print(issubclass(BlockSizeError, ValueError), issubclass(BlockSizeError, KeyError), issubclass(ConfigError, Exception))


def outer():
    try:
        check("x", 9)
    finally:
        print("cleanup")


try:
    outer()
except BlockSizeError as e:
    print("caught through a function:", e.name)
# expect: BlockSizeError block_m=12 is not a multiple of 8 block_m 12 ('block_m=12 is not a multiple of 8',)
# expect: True True False
# expect: as ValueError: block_n=20 is not a multiple of 8
# expect: config ('bad', 1) ConfigError('bad', 1)
# expect: quiet! Quiet() quiet!
# expect: could not parse <- ValueError invalid literal for int() with base 10: 'x'
# expect: re-raised 3
# expect: True False True
# expect: cleanup
# expect: caught through a function: x
raise BlockSizeError("block_k", 5)  # expect error: BlockSizeError: block_k=5 is not a multiple of 8
