# Printing forever stops at the output limit.
while True:
    print("spam spam spam spam spam spam spam spam spam spam spam spam spam spam")  # expect error: RuntimeError: output limit exceeded: the program printed more than 1000000 bytes
