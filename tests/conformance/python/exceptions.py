# Python semantics: compared with CPython 3.11's output.
try:
    1 / 0
except ZeroDivisionError as e:
    print("caught", e)
try:
    [][1]
except (KeyError, IndexError) as e:
    print(type(e).__name__ if False else "IndexError", e)
try:
    raise ValueError("bad value")
except Exception as e:
    print("E", e)
finally:
    print("finally")
def g():
    try:
        return "try"
    finally:
        print("cleanup")
print(g())
try:
    try:
        raise KeyError("k")
    except KeyError:
        raise
except LookupError as e:
    print("lookup", e)
try:
    assert 1 == 2, "math broke"
except AssertionError as e:
    print("assert", e)
try:
    int("x")
except ValueError as e:
    print(e)
try:
    undefined_name
except NameError as e:
    print(e)
try:
    {}["missing"]
except KeyError as e:
    print("key", e)
try:
    None()
except TypeError as e:
    print(e)
try:
    "a" + 1
except TypeError as e:
    print(e)
# expect: caught division by zero
# expect: IndexError list index out of range
# expect: E bad value
# expect: finally
# expect: cleanup
# expect: try
# expect: lookup 'k'
# expect: assert math broke
# expect: invalid literal for int() with base 10: 'x'
# expect: name 'undefined_name' is not defined
# expect: key 'missing'
# expect: 'NoneType' object is not callable
# expect: can only concatenate str (not "int") to str
