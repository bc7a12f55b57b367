# A container inside itself prints as [...] / {...} and equals itself, as in
# CPython (found by hostile-input probing: the repr recursed until the native
# stack overflowed).
a = [1]
a.append(a)
print(a)  # expect: [1, [...]]
print(a == a, a in a)  # expect: True True
d = {}
d["me"] = d
print(d)  # expect: {'me': {...}}
t = ([],)
t[0].append(t)
print(t)  # expect: ([(...)],)
