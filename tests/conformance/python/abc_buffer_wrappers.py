# abc as kernel helper modules use it: an abstract buffer wrapper whose
# subclasses implement load/store, refusal to instantiate while methods are
# still abstract (CPython 3.11's message, singular and plural), and typing's
# Protocol and Generic as bases, which add nothing at run time.
from abc import ABC, abstractmethod
from typing import Generic, Protocol, TypeVar

T = TypeVar("T")


class BufferWrapper(ABC):
    def __init__(self, name, slots):
        self.name = name
        self.slots = slots

    @abstractmethod
    def load(self, slot):
        ...

    @abstractmethod
    def store(self, slot, value):
        ...

    def describe(self):
        return f"{type(self).__name__}({self.name}, {self.slots} slots)"


class ReadOnly(BufferWrapper):
    def load(self, slot):
        return slot * 10


class DoubleBuffer(ReadOnly):
    def store(self, slot, value):
        return (slot % self.slots, value)

    @abstractmethod
    def load(self, slot):
        ...


class Concrete(DoubleBuffer):
    def load(self, slot):
        return -slot


buf = Concrete("kv", 2)
print(buf.describe(), buf.load(3), buf.store(5, "x"))
print(isinstance(buf, BufferWrapper), issubclass(Concrete, ReadOnly))
for cls in (BufferWrapper, ReadOnly, DoubleBuffer):
    try:
        cls("x", 1)
    except TypeError as e:
        print("TypeError:", e)


class AttentionConfig(Protocol):
    num_heads: int

    def head_dim(self) -> int:
        ...


class Box(Generic[T]):
    def __init__(self, value: T):
        self.value = value


class Mha(AttentionConfig):
    num_heads = 8

    def head_dim(self):
        return 128


print(Mha().head_dim(), Mha.num_heads, Box(3).value, Box.__mro__[-1])
ReadOnly("kv", 1)  # expect error: TypeError: Can't instantiate abstract class ReadOnly with abstract method store
# expect: Concrete(kv, 2 slots) -3 (1, 'x')
# expect: True True
# expect: TypeError: Can't instantiate abstract class BufferWrapper with abstract methods load, store
# expect: TypeError: Can't instantiate abstract class ReadOnly with abstract method store
# expect: TypeError: Can't instantiate abstract class DoubleBuffer with abstract method load
# expect: 128 8 3 <class 'object'>
