# expect error: SyntaxError: 'yield' inside list comprehension @3:14
def sizes():
    return [(yield b) for b in range(3)]
