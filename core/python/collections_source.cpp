// collections' container classes, written in Python over dict and list and
// run as generated source (module_collections.cpp). Rungs cannot subclass
// built-in types, so defaultdict, Counter and OrderedDict wrap a dict
// (`_data`) and deque wraps a list: every operation CPython offers on them
// is a method here, with CPython 3.11's reprs and error texts (the texts come
// from the registry through _raise_error). dict(d), d.update(c), {**d} and
// f(**d) read them through keys() (mapping_update.h). What this cannot
// reproduce: isinstance(d, dict) is False.
#include "core/python/library_sources.h"

namespace rungs::python {

const char* const kCollectionsSource = R"PY(
class _MappingBase:
    def __getitem__(self, key):
        data = self._data
        if key in data:
            return data[key]
        return self.__missing__(key)

    def __missing__(self, key):
        raise KeyError(key)

    def __setitem__(self, key, value):
        self._data[key] = value

    def __delitem__(self, key):
        del self._data[key]

    def __contains__(self, key):
        return key in self._data

    def __iter__(self):
        return iter(self._data)

    def __len__(self):
        return len(self._data)

    def __eq__(self, other):
        if isinstance(other, _MappingBase):
            return self._data == other._data
        if isinstance(other, dict):
            return self._data == other
        return NotImplemented

    def __ne__(self, other):
        result = self.__eq__(other)
        return result if result is NotImplemented else not result

    def get(self, key, default=None):
        return self._data.get(key, default)

    def keys(self):
        return self._data.keys()

    def values(self):
        return self._data.values()

    def items(self):
        return self._data.items()

    def pop(self, key, *default):
        return self._data.pop(key, *default)

    def popitem(self):
        return self._data.popitem()

    def setdefault(self, key, default=None):
        return self._data.setdefault(key, default)

    def clear(self):
        self._data.clear()

    def update(self, *args, **kwargs):
        self._data.update(*[_as_dict(a) for a in args], **kwargs)


def _as_dict(obj):
    if isinstance(obj, _MappingBase):
        return obj._data
    return obj


class defaultdict(_MappingBase):
    def __init__(self, default_factory=None, *args, **kwargs):
        if default_factory is not None and not callable(default_factory):
            _raise_error("defaultdict_factory_type")
        self.default_factory = default_factory
        self._data = dict(*[_as_dict(a) for a in args], **kwargs)

    def __missing__(self, key):
        if self.default_factory is None:
            raise KeyError(key)
        value = self.default_factory()
        self._data[key] = value
        return value

    def copy(self):
        return defaultdict(self.default_factory, self._data)

    def __repr__(self):
        factory = self.default_factory
        factory_text = "None" if factory is None else repr(factory)
        return f"defaultdict({factory_text}, {self._data!r})"


class OrderedDict(_MappingBase):
    def __init__(self, *args, **kwargs):
        self._data = dict(*[_as_dict(a) for a in args], **kwargs)

    def move_to_end(self, key, last=True):
        value = self._data.pop(key)
        if last:
            self._data[key] = value
        else:
            rest = list(self._data.items())
            self._data.clear()
            self._data[key] = value
            self._data.update(rest)

    def popitem(self, last=True):
        if not self._data:
            raise KeyError("dictionary is empty")
        key = list(self._data)[-1 if last else 0]
        return key, self._data.pop(key)

    def copy(self):
        return OrderedDict(self._data)

    def __reversed__(self):
        return reversed(list(self._data))

    def __repr__(self):
        if not self._data:
            return "OrderedDict()"
        return f"OrderedDict({list(self._data.items())!r})"


class Counter(_MappingBase):
    def __init__(self, iterable=None, /, **kwargs):
        self._data = {}
        self.update(iterable, **kwargs)

    def __missing__(self, key):
        return 0

    def total(self):
        return sum(self._data.values())

    def most_common(self, n=None):
        ranked = sorted(self._data.items(), key=lambda item: item[1], reverse=True)
        return ranked if n is None else ranked[:n]

    def elements(self):
        out = []
        for key, count in self._data.items():
            for _ in range(count):
                out.append(key)
        return iter(out)

    def _count_from(self, iterable, sign):
        if iterable is None:
            return
        if hasattr(iterable, "keys"):
            for key in iterable.keys():
                self._data[key] = self[key] + sign * iterable[key]
        else:
            for key in iterable:
                self._data[key] = self[key] + sign

    def update(self, iterable=None, /, **kwargs):
        self._count_from(iterable, 1)
        self._count_from(kwargs or None, 1)

    def subtract(self, iterable=None, /, **kwargs):
        self._count_from(iterable, -1)
        self._count_from(kwargs or None, -1)

    def copy(self):
        return Counter(self)

    def _combine(self, other, pick):
        if not isinstance(other, Counter):
            return NotImplemented
        result = Counter()
        for key in list(self._data) + [k for k in other._data if k not in self._data]:
            count = pick(self[key], other[key])
            if count > 0:
                result._data[key] = count
        return result

    def __add__(self, other):
        return self._combine(other, lambda a, b: a + b)

    def __sub__(self, other):
        return self._combine(other, lambda a, b: a - b)

    def __or__(self, other):
        return self._combine(other, max)

    def __and__(self, other):
        return self._combine(other, min)

    def __pos__(self):
        return Counter() + self

    def __neg__(self):
        return Counter() - self

    def __repr__(self):
        if not self._data:
            return "Counter()"
        body = ", ".join(f"{k!r}: {v!r}" for k, v in self.most_common())
        return "Counter({" + body + "})"


class deque:
    def __init__(self, iterable=(), maxlen=None):
        if maxlen is not None and maxlen < 0:
            _raise_error("deque_maxlen_value")
        self._maxlen = maxlen
        self._items = []
        self.extend(iterable)

    @property
    def maxlen(self):
        return self._maxlen

    def _trim_left(self):
        if self._maxlen is not None and len(self._items) > self._maxlen:
            self._items = self._items[len(self._items) - self._maxlen:]

    def _trim_right(self):
        if self._maxlen is not None and len(self._items) > self._maxlen:
            self._items = self._items[:self._maxlen]

    def append(self, item):
        self._items.append(item)
        self._trim_left()

    def appendleft(self, item):
        self._items.insert(0, item)
        self._trim_right()

    def extend(self, iterable):
        for item in list(iterable):
            self.append(item)

    def extendleft(self, iterable):
        for item in list(iterable):
            self.appendleft(item)

    def pop(self):
        if not self._items:
            _raise_error("deque_pop_empty")
        return self._items.pop()

    def popleft(self):
        if not self._items:
            _raise_error("deque_pop_empty")
        return self._items.pop(0)

    def rotate(self, n=1):
        size = len(self._items)
        if size:
            n %= size
            self._items = self._items[size - n:] + self._items[:size - n]

    def clear(self):
        self._items.clear()

    def count(self, item):
        return self._items.count(item)

    def index(self, item, *bounds):
        return self._items.index(item, *bounds)

    def remove(self, item):
        if item not in self._items:
            _raise_error("deque_remove_missing", repr(item))
        self._items.remove(item)

    def reverse(self):
        self._items.reverse()

    def copy(self):
        return deque(self._items, self._maxlen)

    def _position(self, index):
        size = len(self._items)
        if not -size <= index < size:
            _raise_error("deque_index_range")
        return index % size

    def __getitem__(self, index):
        return self._items[self._position(index)]

    def __setitem__(self, index, value):
        self._items[self._position(index)] = value

    def __delitem__(self, index):
        del self._items[self._position(index)]

    def __len__(self):
        return len(self._items)

    def __iter__(self):
        return iter(list(self._items))

    def __reversed__(self):
        return reversed(list(self._items))

    def __contains__(self, item):
        return item in self._items

    def __eq__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return self._items == other._items

    def __add__(self, other):
        result = self.copy()
        result.extend(other)
        return result

    def __repr__(self):
        if self._maxlen is None:
            return f"deque({self._items!r})"
        return f"deque({self._items!r}, maxlen={self._maxlen})"
)PY";

}  // namespace rungs::python
