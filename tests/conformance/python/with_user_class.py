# `with` over user classes (__enter__/__exit__), as timing and tracing
# helpers in kernel harnesses are written: CPython 3.11's output.
class Section:
    log = []

    def __init__(self, name, swallow=False):
        self.name = name
        self.swallow = swallow

    def __enter__(self):
        Section.log.append("enter " + self.name)
        return self

    def __exit__(self, exc_type, exc, tb):
        Section.log.append(f"exit {self.name} {exc_type.__name__ if exc_type else None} {exc!r}")
        return self.swallow


with Section("outer") as s, Section("inner"):
    Section.log.append("body " + s.name)
print(Section.log)  # expect: ['enter outer', 'enter inner', 'body outer', 'exit inner None None', 'exit outer None None']
Section.log.clear()
with Section("quiet", swallow=True):
    raise ValueError("bad block")
print(Section.log)  # expect: ['enter quiet', "exit quiet ValueError ValueError('bad block')"]
Section.log.clear()
try:
    with Section("loud"):
        {}["k"]
except KeyError as e:
    print(repr(e), Section.log)  # expect: KeyError('k') ['enter loud', "exit loud KeyError KeyError('k')"]
with Section("last"):
    1 / 0  # expect error: ZeroDivisionError: division by zero
