# Python semantics: compared with CPython 3.11's output.
for i in range(3):
    if i == 1:
        continue
    print("i", i)
else:
    print("done")
n = 0
while True:
    n += 1
    if n > 3:
        break
print("n", n)
for x in []:
    pass
else:
    print("empty else")
x = 5
print("big" if x > 3 else "small")
if x < 0:
    print("neg")
elif x == 5:
    print("five")
else:
    print("other")
i = 0
while i < 3:
    i += 1
else:
    print("while else", i)
# expect: i 0
# expect: i 2
# expect: done
# expect: n 4
# expect: empty else
# expect: big
# expect: five
# expect: while else 3
