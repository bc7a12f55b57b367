# type(name, bases, dict) builds a class at run time.
Base = type("Base", (), {"scale": 2, "describe": lambda self: f"scale={self.scale}"})
Child = type("Child", (Base,), {"scale": 3})
c = Child()
print(Base.__name__, Child.__name__, c.describe(), isinstance(c, Base), Child.__mro__[1].__name__)
Config = type("Config", (object,), {"block": 128, "__repr__": lambda self: f"Config(block={self.block})"})
print(Config(), type(Config()).__name__, Config.block)
Err = type("KernelError", (ValueError,), {})
try:
    raise Err("bad tile")
except ValueError as e:
    print(type(e).__name__, e)
print(type(3), type("x").__name__)
type("Broken", [], {})  # expect error: TypeError: type.__new__() argument 2 must be tuple, not list
# expect: Base Child scale=3 True Base
# expect: Config(block=128) Config 128
# expect: KernelError bad tile
# expect: <class 'int'> str
