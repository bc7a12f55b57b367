# Misusing format specs and __format__: CPython 3.11's error texts.
def show(f):
    try:
        f()
    except Exception as e:
        print(f"{type(e).__name__}: {e}")


class Plain:
    pass


class BadFormat:
    def __format__(self, spec):
        return len(spec)


show(lambda: f"{Plain():>10}")
show(lambda: format(Plain(), "x"))
print(format(Plain(), "")[:9])
show(lambda: f"{BadFormat()}")
show(lambda: format([1, 2], ">8"))
show(lambda: format((1,), "5"))
show(lambda: format({}, "5"))
show(lambda: format(None, "<4"))
show(lambda: format(1, 5))
show(lambda: "ab".center(6, "xy"))
show(lambda: f"{'abc':d}")
show(lambda: f"{3.5:x}")
print(f"{BadFormat():}")  # expect error: TypeError: __format__ must return a str, not int
# expect: TypeError: unsupported format string passed to Plain.__format__
# expect: TypeError: unsupported format string passed to Plain.__format__
# expect: <__main__
# expect: TypeError: __format__ must return a str, not int
# expect: TypeError: unsupported format string passed to list.__format__
# expect: TypeError: unsupported format string passed to tuple.__format__
# expect: TypeError: unsupported format string passed to dict.__format__
# expect: TypeError: unsupported format string passed to NoneType.__format__
# expect: TypeError: format() argument 2 must be str, not int
# expect: TypeError: The fill character must be exactly one character long
# expect: ValueError: Unknown format code 'd' for object of type 'str'
# expect: ValueError: Unknown format code 'x' for object of type 'float'
