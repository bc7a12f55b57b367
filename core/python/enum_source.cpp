// enum, written in Python and run as generated source (module_enum.cpp).
// CPython builds enums with a metaclass (EnumType); Rungs has none, so the
// class `EnumType` below is installed as Enum's class hooks (classes.h):
// its methods answer Color(1), Color['RED'], iter/len/in/repr on the class,
// refuse `Color.RED = ...`, and turn the class body's names into members
// when a subclass is created. Members are instances of the enum class with
// `_name_` and `_value_`; IntEnum, IntFlag and StrEnum members behave as
// their value in comparisons, hashing and arithmetic, since they cannot
// subclass int or str here. Flag values outside the members' bits follow
// Flag's STRICT boundary (an error) and IntFlag's KEEP (a pseudo-member).
#include "core/python/library_sources.h"

namespace rungs::python {

const char* const kEnumSource = R"PY(
class _AutoNull:
    def __repr__(self):
        return "_auto_null"


_auto_null = _AutoNull()


class auto:
    def __init__(self, value=_auto_null):
        self.value = value

    def __repr__(self):
        return f"auto({self.value!r})"


def _is_member_name(name, value):
    if name.startswith('__') and name.endswith('__'):
        return False
    if len(name) > 2 and name.startswith('_') and name.endswith('_'):
        return False
    return not _is_descriptor(value)


def _bit_count(value):
    count = 0
    while value:
        count += value & 1
        value >>= 1
    return count


def _bit_length(value):
    length = 0
    while value:
        length += 1
        value >>= 1
    return length


def _binary(value, width):
    digits = ""
    for _ in range(width):
        digits = str(value & 1) + digits
        value >>= 1
    return digits


def _plain(value):
    return value._value_ if isinstance(value, Enum) else value


class EnumType:
    def __init__(self):
        self._building = False

    def __call__(self, cls, value=_auto_null, *args, **kwargs):
        if self._building:
            return NotImplemented
        if value is _auto_null:
            _raise_error("missing_positional", "EnumType.__call__", 1, "", "'value'")
        if args or kwargs:
            _raise_error("enum_functional_api", cls.__name__)
        return cls._lookup_(value)

    def __getitem__(self, cls, name):
        return cls._member_map_[name]

    def __iter__(self, cls):
        return iter([cls._member_map_[name] for name in cls._member_names_])

    def __reversed__(self, cls):
        return reversed([cls._member_map_[name] for name in cls._member_names_])

    def __len__(self, cls):
        return len(cls._member_names_)

    def __bool__(self, cls):
        return True

    def __contains__(self, cls, member):
        if not isinstance(member, Enum):
            _raise_error("enum_contains_type", type(member).__qualname__)
        return isinstance(member, cls) and member._name_ in cls._member_map_

    def __repr__(self, cls):
        kind = "flag" if issubclass(cls, Flag) else "enum"
        return f"<{kind} {cls.__name__!r}>"

    def __check_setattr__(self, cls, name, value):
        if not self._building and name in cls._member_map_:
            _raise_error("enum_reassign_member", name)

    def __check_delattr__(self, cls, name):
        if name in cls._member_map_:
            _raise_error("enum_delete_member", cls.__name__, name)

    def __class_created__(self, cls):
        if '_enum_base_' in vars(cls):
            return
        for base in cls.__mro__[1:-1]:
            if '_enum_base_' not in vars(base) and getattr(base, '_member_names_', None):
                _raise_error("enum_extend", repr(cls), repr(base))
        self._building = True
        try:
            _add_members(cls)
        finally:
            self._building = False


def _add_members(cls):
    names = [n for n, v in vars(cls).items() if _is_member_name(n, v)]
    cls._member_names_ = []
    cls._member_map_ = {}
    cls._value2member_map_ = {}
    values = []
    custom_init = any('__init__' in vars(k) for k in cls.__mro__[:-1] if '_enum_base_' not in vars(k))
    for name in names:
        value = vars(cls)[name]
        if isinstance(value, auto):
            if value.value is _auto_null:
                value.value = cls._generate_next_value_(name, 1, len(values), values[:])
            value = value.value
        values.append(value)
        canonical = _find_value(cls, value)
        if canonical is None:
            args = value if isinstance(value, tuple) else (value,)
            member = cls(*args) if custom_init else cls()
            member._name_ = name
            member._value_ = cls._coerce_(value)
            # A flag's zero and multi-bit members are named but not iterated.
            if not issubclass(cls, Flag) or _bit_count(member._value_) == 1:
                cls._member_names_.append(name)
            try:
                cls._value2member_map_[member._value_] = member
            except TypeError:
                pass
            canonical = member
        cls._member_map_[name] = canonical
        setattr(cls, name, canonical)
    cls.__members__ = dict(cls._member_map_)


def _find_value(cls, value):
    for member in cls._member_map_.values():
        if member._value_ == value:
            return member
    return None


class Enum:
    __class_hooks__ = EnumType()
    _enum_base_ = True
    _member_names_ = []
    _member_map_ = {}
    _value2member_map_ = {}

    @property
    def name(self):
        return self._name_

    @property
    def value(self):
        return self._value_

    @staticmethod
    def _generate_next_value_(name, start, count, last_values):
        for last in reversed(last_values):
            try:
                return last + 1
            except TypeError:
                pass
        return start

    @classmethod
    def _coerce_(cls, value):
        return value

    @classmethod
    def _missing_(cls, value):
        return None

    @classmethod
    def _lookup_(cls, value):
        if isinstance(value, cls):
            return value
        try:
            if value in cls._value2member_map_:
                return cls._value2member_map_[value]
        except TypeError:
            pass
        for name in cls._member_names_:
            if cls._member_map_[name]._value_ == value:
                return cls._member_map_[name]
        found = cls._missing_(value)
        if isinstance(found, cls):
            return found
        _raise_error("enum_not_valid", repr(value), cls.__qualname__)

    def __repr__(self):
        return f"<{type(self).__name__}.{self._name_}: {self._value_!r}>"

    def __str__(self):
        return f"{type(self).__name__}.{self._name_}"

    def __format__(self, spec):
        return format(str(self), spec)

    def __hash__(self):
        return hash(self._name_)


class _ValueLike:
    # Arithmetic and comparisons on the member's value, for the enums whose
    # members are ints or strs in CPython.
    def __eq__(self, other):
        return self._value_ == _plain(other)

    def __ne__(self, other):
        return self._value_ != _plain(other)

    def __lt__(self, other):
        return self._value_ < _plain(other)

    def __le__(self, other):
        return self._value_ <= _plain(other)

    def __gt__(self, other):
        return self._value_ > _plain(other)

    def __ge__(self, other):
        return self._value_ >= _plain(other)

    def __hash__(self):
        return hash(self._value_)

    def __str__(self):
        return str(self._value_)

    def __format__(self, spec):
        return format(self._value_, spec)

    def __add__(self, other):
        return self._value_ + _plain(other)

    def __radd__(self, other):
        return _plain(other) + self._value_

    def __mul__(self, other):
        return self._value_ * _plain(other)

    def __rmul__(self, other):
        return _plain(other) * self._value_


class _IntLike(_ValueLike):
    def __int__(self):
        return self._value_

    def __index__(self):
        return self._value_

    def __float__(self):
        return float(self._value_)

    def __bool__(self):
        return self._value_ != 0

    def __sub__(self, other):
        return self._value_ - _plain(other)

    def __rsub__(self, other):
        return _plain(other) - self._value_

    def __floordiv__(self, other):
        return self._value_ // _plain(other)

    def __rfloordiv__(self, other):
        return _plain(other) // self._value_

    def __truediv__(self, other):
        return self._value_ / _plain(other)

    def __rtruediv__(self, other):
        return _plain(other) / self._value_

    def __mod__(self, other):
        return self._value_ % _plain(other)

    def __rmod__(self, other):
        return _plain(other) % self._value_

    def __pow__(self, other):
        return self._value_ ** _plain(other)

    def __neg__(self):
        return -self._value_

    def __lshift__(self, other):
        return self._value_ << _plain(other)

    def __rshift__(self, other):
        return self._value_ >> _plain(other)


class IntEnum(_IntLike, Enum):
    _enum_base_ = True

    @classmethod
    def _coerce_(cls, value):
        return int(value)


class StrEnum(_ValueLike, Enum):
    _enum_base_ = True

    def __getattr__(self, name):
        # str's methods (member.upper(), ...) act on the value, as on a str.
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self._value_, name)

    @staticmethod
    def _generate_next_value_(name, start, count, last_values):
        return name.lower()

    @classmethod
    def _coerce_(cls, value):
        return str(value)


class _StrMixin(_ValueLike, Enum):
    # `class E(str, Enum)`: the class statement puts this in place of str.
    # Members compare and hash as their str value but print as Enum members
    # (CPython 3.11's str() and format() of a mixed-in enum).
    _enum_base_ = True

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self._value_, name)

    def __str__(self):
        return Enum.__str__(self)

    def __format__(self, spec):
        return Enum.__format__(self, spec)

    @classmethod
    def _coerce_(cls, value):
        return str(value)


class _IntMixin(_IntLike, Enum):
    # `class E(int, Enum)`: as IntEnum, but printing as an Enum member.
    _enum_base_ = True

    def __str__(self):
        return Enum.__str__(self)

    def __format__(self, spec):
        return Enum.__format__(self, spec)

    @classmethod
    def _coerce_(cls, value):
        return int(value)


# Found by the class statement for `class E(str, Enum)` (classes.cpp).
Enum._mixins_ = {"str": _StrMixin, "int": _IntMixin}


class Flag(Enum):
    _enum_base_ = True

    @staticmethod
    def _generate_next_value_(name, start, count, last_values):
        highest = 0
        for last in last_values:
            highest = max(highest, last)
        return 1 if highest == 0 else 1 << _bit_length(highest)

    @classmethod
    def _all_bits_(cls):
        bits = 0
        for name in cls._member_names_:
            bits |= cls._member_map_[name]._value_
        return bits

    @classmethod
    def _out_of_range_(cls, value):
        allowed = cls._all_bits_()
        width = max(_bit_length(allowed), _bit_length(value))
        given = "0b0 " + _binary(value, width)
        limit = "0b0 " + _binary(allowed, width)
        _raise_error("flag_invalid_value", repr(cls), value, given, limit)

    @classmethod
    def _missing_(cls, value):
        if not isinstance(value, int) or isinstance(value, bool):
            return None
        if value < 0 or value & ~cls._all_bits_():
            cls._out_of_range_(value)
        return cls._pseudo_member_(value)

    @classmethod
    def _pseudo_member_(cls, value):
        parts = [cls._member_map_[n] for n in cls._member_names_ if cls._member_map_[n]._value_ & value]
        EnumType_hooks = Enum.__class_hooks__
        EnumType_hooks._building = True
        try:
            member = cls()
        finally:
            EnumType_hooks._building = False
        member._name_ = "|".join(m._name_ for m in parts) if parts else None
        member._value_ = value
        cls._value2member_map_[value] = member
        return member

    def __repr__(self):
        if self._name_ is None:
            return f"<{type(self).__name__}: {self._value_!r}>"
        return f"<{type(self).__name__}.{self._name_}: {self._value_!r}>"

    def __str__(self):
        if self._name_ is None:
            return f"{type(self).__name__}({self._value_!r})"
        return f"{type(self).__name__}.{self._name_}"

    def __hash__(self):
        return hash(self._value_)

    def __eq__(self, other):
        return type(self) is type(other) and self._value_ == other._value_

    def __contains__(self, other):
        return other._value_ & self._value_ == other._value_

    def __iter__(self):
        members = [type(self)._member_map_[n] for n in type(self)._member_names_]
        return iter([m for m in members if m._value_ & self._value_ and _bit_count(m._value_) == 1])

    def __len__(self):
        return _bit_count(self._value_)

    def __bool__(self):
        return bool(self._value_)

    def __or__(self, other):
        return type(self)(self._value_ | _plain(other))

    def __and__(self, other):
        return type(self)(self._value_ & _plain(other))

    def __xor__(self, other):
        return type(self)(self._value_ ^ _plain(other))

    def __invert__(self):
        return type(self)(type(self)._all_bits_() & ~self._value_)


class IntFlag(_IntLike, Flag):
    _enum_base_ = True

    @classmethod
    def _out_of_range_(cls, value):
        return None

    @classmethod
    def _missing_(cls, value):
        if not isinstance(value, int) or isinstance(value, bool):
            return None
        return cls._pseudo_member_(value)

    def __str__(self):
        return str(self._value_)

    def __format__(self, spec):
        return format(self._value_, spec)


def unique(enumeration):
    duplicates = [(alias, member.name) for alias, member in enumeration.__members__.items() if alias != member.name]
    if duplicates:
        details = ", ".join(f"{alias} -> {name}" for alias, name in duplicates)
        _raise_error("enum_duplicate_values", repr(enumeration), details)
    return enumeration
)PY";

}  // namespace rungs::python
