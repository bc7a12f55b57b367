# rungs-args: --max-steps 200000
# An infinite loop stops at the step budget with a RuntimeError naming the
# limit, on the line it was running.
n = 0
while True:
    n += 1  # expect error: RuntimeError: step limit exceeded: the program ran more than 200000 steps (raise it with --max-steps)
