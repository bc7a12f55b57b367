# One print that would cross the output limit is refused whole.
print("small line")  # expect: small line
print("x" * 2000000)  # expect error: RuntimeError: output limit exceeded: the program printed more than 1000000 bytes
