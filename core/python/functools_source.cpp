// functools' caching and wrapping helpers, written in Python and run as
// generated source (module_functools.cpp adds partial and reduce, which are
// C++). They follow CPython 3.11's functools.py in behaviour -- the cache's
// statistics and eviction order, which attributes wraps copies, which
// comparison total_ordering derives from which -- in code of our own. An
// lru_cache wrapper is an object with __call__, so it carries cache_info()
// and cache_clear(); used on a method it binds through __get__.
#include "core/python/library_sources.h"

namespace rungs::python {

const char* const kFunctoolsSource = R"PY(
WRAPPER_ASSIGNMENTS = ('__module__', '__name__', '__qualname__', '__doc__', '__annotations__')
WRAPPER_UPDATES = ('__dict__',)

_CacheInfo = _namedtuple("CacheInfo", ["hits", "misses", "maxsize", "currsize"])


def update_wrapper(wrapper, wrapped, assigned=WRAPPER_ASSIGNMENTS, updated=WRAPPER_UPDATES):
    for attr in assigned:
        try:
            value = getattr(wrapped, attr)
        except AttributeError:
            pass
        else:
            setattr(wrapper, attr, value)
    for attr in updated:
        getattr(wrapper, attr).update(getattr(wrapped, attr, {}))
    wrapper.__wrapped__ = wrapped
    return wrapper


def wraps(wrapped, assigned=WRAPPER_ASSIGNMENTS, updated=WRAPPER_UPDATES):
    def decorating(wrapper):
        return update_wrapper(wrapper, wrapped, assigned, updated)
    return decorating


class _KeywordMark:
    pass


_KWD_MARK = _KeywordMark()


class _LruCacheWrapper:
    def __init__(self, func, maxsize, typed):
        self._func = func
        self._maxsize = maxsize
        self._typed = typed
        self._entries = {}  # insertion order is recency: the first is evicted first
        self._hits = 0
        self._misses = 0
        for attr in ('__module__', '__name__', '__qualname__', '__doc__'):
            try:
                setattr(self, attr, getattr(func, attr))
            except AttributeError:
                pass
        self.__wrapped__ = func

    def _key(self, args, kwargs):
        key = args
        if kwargs:
            key += (_KWD_MARK,)
            for item in kwargs.items():
                key += item
        if self._typed:
            # By type name: type(1) is a fresh object on each call here, not one
            # int class, so the name is what tells 1 and 1.0 apart.
            key += tuple(type(v).__name__ for v in args)
            if kwargs:
                key += tuple(type(v).__name__ for v in kwargs.values())
        elif len(key) == 1 and type(key[0]) in (int, str):
            return key[0]
        return key

    def __call__(self, *args, **kwargs):
        if self._maxsize == 0:
            self._misses += 1
            return self._func(*args, **kwargs)
        key = self._key(args, kwargs)
        entries = self._entries
        if key in entries:
            self._hits += 1
            value = entries.pop(key)
            entries[key] = value
            return value
        self._misses += 1
        value = self._func(*args, **kwargs)
        entries[key] = value
        if self._maxsize is not None and len(entries) > self._maxsize:
            del entries[next(iter(entries))]
        return value

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        return _BoundCache(self, instance)

    def cache_info(self):
        return _CacheInfo(self._hits, self._misses, self._maxsize, len(self._entries))

    def cache_clear(self):
        self._entries.clear()
        self._hits = 0
        self._misses = 0

    def cache_parameters(self):
        return {'maxsize': self._maxsize, 'typed': self._typed}

    def __repr__(self):
        return f"<functools._lru_cache_wrapper object at {id(self):#x}>"


class _BoundCache:
    def __init__(self, cache, instance):
        self.__self__ = instance
        self.__func__ = cache

    def __call__(self, *args, **kwargs):
        return self.__func__(self.__self__, *args, **kwargs)

    def cache_info(self):
        return self.__func__.cache_info()

    def cache_clear(self):
        self.__func__.cache_clear()


def lru_cache(maxsize=128, typed=False):
    if isinstance(maxsize, int) and not isinstance(maxsize, bool):
        if maxsize < 0:
            maxsize = 0
    elif callable(maxsize) and isinstance(typed, bool):
        return _LruCacheWrapper(maxsize, 128, typed)
    elif maxsize is not None:
        _raise_error("lru_maxsize_type")

    def decorating(user_function):
        return _LruCacheWrapper(user_function, maxsize, typed)
    return decorating


def cache(user_function, /):
    return _LruCacheWrapper(user_function, None, False)


class cached_property:
    def __init__(self, func):
        self.func = func
        self.attrname = None
        self.__doc__ = getattr(func, '__doc__', None)

    def __set_name__(self, owner, name):
        if self.attrname is None:
            self.attrname = name

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        if self.attrname is None:
            _raise_error("cached_property_no_name")
        stored = instance.__dict__
        if self.attrname in stored:
            return stored[self.attrname]
        value = self.func(instance)
        stored[self.attrname] = value
        return value


def _defines(cls, name):
    for klass in cls.__mro__[:-1]:
        if name in vars(klass):
            return True
    return False


def _derived(root, name):
    # Each derived comparison calls the root one and combines it with ==, as
    # functools' _gt_from_lt and friends do; `flip` negates the root's answer.
    rules = {
        ('__lt__', '__gt__'): (True, 'and_ne'), ('__lt__', '__le__'): (False, 'or_eq'),
        ('__lt__', '__ge__'): (True, None),
        ('__le__', '__ge__'): (True, 'or_eq'), ('__le__', '__lt__'): (False, 'and_ne'),
        ('__le__', '__gt__'): (True, None),
        ('__gt__', '__lt__'): (True, 'and_ne'), ('__gt__', '__ge__'): (False, 'or_eq'),
        ('__gt__', '__le__'): (True, None),
        ('__ge__', '__le__'): (True, 'or_eq'), ('__ge__', '__gt__'): (False, 'and_ne'),
        ('__ge__', '__lt__'): (True, None),
    }
    flip, combine = rules[(root, name)]

    def compare(self, other):
        result = getattr(type(self), root)(self, other)
        if result is NotImplemented:
            return result
        if flip:
            result = not result
        if combine == 'and_ne':
            return result and self != other
        if combine == 'or_eq':
            return result or self == other
        return result
    compare.__name__ = name
    return compare


def total_ordering(cls):
    roots = [op for op in ('__lt__', '__le__', '__gt__', '__ge__') if _defines(cls, op)]
    if not roots:
        _raise_error("total_ordering_no_root")
    root = max(roots)
    for name in ('__lt__', '__le__', '__gt__', '__ge__'):
        if name not in roots:
            setattr(cls, name, _derived(root, name))
    return cls


def cmp_to_key(mycmp):
    class K:
        def __init__(self, obj):
            self.obj = obj

        def __lt__(self, other):
            return mycmp(self.obj, other.obj) < 0

        def __gt__(self, other):
            return mycmp(self.obj, other.obj) > 0

        def __eq__(self, other):
            return mycmp(self.obj, other.obj) == 0

        def __le__(self, other):
            return mycmp(self.obj, other.obj) <= 0

        def __ge__(self, other):
            return mycmp(self.obj, other.obj) >= 0

    return K


class _SingleDispatch:
    # The most specific registered class that the first argument is an
    # instance of wins; classes unrelated to each other go by registration.
    def __init__(self, func):
        self._default = func
        self.registry = {object: func}
        self.__wrapped__ = func
        self.__name__ = getattr(func, "__name__", "singledispatch function")

    def register(self, cls, func=None):
        if func is None:
            if isinstance(cls, type) or _is_type(cls):
                return lambda f: self.register(cls, f)
            func = cls
            cls = _first_annotation(func)
            if cls is None:
                raise TypeError("Invalid first argument to `register()`: %r. Use either "
                                "`@register(some_class)` or plain `@register` on an annotated function." % (func,))
        self.registry[cls] = func
        return func

    def dispatch(self, cls_of):
        return self._default

    def _find(self, arg):
        best = None
        for cls in self.registry:
            if cls is object or not isinstance(arg, cls):
                continue
            if best is None or (cls is not best and issubclass(cls, best)):
                best = cls
        return self._default if best is None else self.registry[best]

    def __call__(self, *args, **kwargs):
        if not args:
            raise TypeError("%s requires at least 1 positional argument" % self.__name__)
        return self._find(args[0])(*args, **kwargs)


def singledispatch(func):
    return _SingleDispatch(func)
)PY";

}  // namespace rungs::python
