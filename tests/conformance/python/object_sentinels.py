# The sentinel idiom kernel configs use for "argument not given": object()
# makes a value equal only to itself, usable as a default and a dict key.
_UNSET = object()
_OTHER = object()


def block_size(requested=_UNSET, fallback=128):
    if requested is _UNSET:
        return fallback
    return requested


print(block_size(), block_size(256), block_size(None))  # expect: 128 256 None
print(_UNSET == _UNSET, _UNSET == _OTHER, _UNSET != _OTHER)  # expect: True False True
print(type(_UNSET).__name__, isinstance(_UNSET, object))  # expect: object True
print(repr(_UNSET).startswith("<object object at 0x"))  # expect: True
table = {_UNSET: "unset", _OTHER: "other"}
print(table[_OTHER], len(table), _OTHER in [_UNSET, _OTHER])  # expect: other 2 True
object(1)  # expect error: TypeError: object() takes no arguments
