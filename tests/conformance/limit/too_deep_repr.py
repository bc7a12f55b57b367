# A list nested 1000 deep has no repr within the recursion limit (CPython's
# text); printing it must not overflow the native stack.
a = []
for i in range(1000):
    a = [a]
print(len(a))  # expect: 1
print(a)  # expect error: RecursionError: maximum recursion depth exceeded while getting the repr of an object
