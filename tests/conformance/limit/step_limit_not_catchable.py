# rungs-args: --max-steps 50000
# `except:` cannot swallow the budget, or a loop around a try would never end.
while True:
    try:
        pass  # expect error: RuntimeError: step limit exceeded: the program ran more than 50000 steps (raise it with --max-steps)
    except Exception:
        pass
