# Generator functions: yield as a statement and as an assignment's value,
# bare yield, yield from; a generator expression.
def sizes(n, start=8):
    b = start
    while b <= n:
        sent = yield b
        if sent:
            yield
        b *= 2
    total: int = yield from range(2)
    return total
squares = (i * i for i in sizes(64) if i)
