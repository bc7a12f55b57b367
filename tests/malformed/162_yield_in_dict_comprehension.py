# expect error: SyntaxError: 'yield' inside dict comprehension @3:17
def sizes():
    return {b: (yield b) for b in range(3)}
