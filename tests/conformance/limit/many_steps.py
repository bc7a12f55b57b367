# rungs-args: --max-steps 200000
# Just under the step budget: a loop that finishes.
total = 0
for i in range(20000):
    total += i
print(total)  # expect: 199990000
