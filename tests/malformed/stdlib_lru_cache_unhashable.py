# expect error: TypeError: unhashable type: 'list' @8:1
import functools


@functools.lru_cache
def tiles(shape):
    return len(shape)
tiles([8, 128])
