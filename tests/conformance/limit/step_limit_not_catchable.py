# rungs-args: --max-steps 50000
# `except:` cannot swallow the budget, or a loop around a try would never end.
# The loop sits on one line so the line that crosses the budget is fixed.
def spin():
    while True: pass  # expect error: RuntimeError: step limit exceeded: the program ran more than 50000 steps (raise it with --max-steps)


try:
    spin()
except Exception:
    print("swallowed")
except BaseException:
    print("swallowed too")
print("after")
