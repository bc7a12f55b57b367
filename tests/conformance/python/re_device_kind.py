# Reading TPU generations out of device_kind strings, as a harness picks
# block sizes per chip.
import re

DEVICE_KIND = re.compile(r"TPU\s*v(?P<gen>\d+)(?P<variant>[a-z]*)(?:\s+(?P<tier>lite|pod))?", re.IGNORECASE)


def describe(kind):
    m = DEVICE_KIND.match(kind)
    if m is None:
        return f"{kind} -> not a TPU"
    return f"{kind} -> {int(m.group('gen'))} {m['variant']!r} {m.group('tier')}"


print(describe("TPU v5 lite"))  # expect: TPU v5 lite -> 5 '' lite
print(describe("TPU v4"))  # expect: TPU v4 -> 4 '' None
print(describe("tpu v5p"))  # expect: tpu v5p -> 5 'p' None
print(describe("TPU v6e"))  # expect: TPU v6e -> 6 'e' None
print(describe("Tesla T4"))  # expect: Tesla T4 -> not a TPU

m = DEVICE_KIND.search("device: TPU v5 lite (core 0)")
print(m)  # expect: <re.Match object; span=(8, 19), match='TPU v5 lite'>
print(m.span(), m.start("gen"), m.end("tier"), m.groupdict())  # expect: (8, 19) 13 19 {'gen': '5', 'variant': '', 'tier': 'lite'}
print(m.groups(), m.lastindex, m.lastgroup)  # expect: ('5', '', 'lite') 3 tier
print(DEVICE_KIND.pattern[:10], DEVICE_KIND.groups, DEVICE_KIND.groupindex)  # expect: TPU\s*v(?P 3 {'gen': 1, 'variant': 2, 'tier': 3}
print(DEVICE_KIND.flags == re.IGNORECASE | re.UNICODE, bool(m), m.re is DEVICE_KIND)  # expect: True True True
print(m.string, m.pos, m.endpos)  # expect: device: TPU v5 lite (core 0) 0 28
