# expect error: SyntaxError: 'yield' inside generator expression @3:14
def sizes():
    return ((yield b) for b in range(3))
