# expect error: SyntaxError: assignment expression within a comprehension cannot be used in a class body @3:15
class Tiles:
    sizes = [(n := 2 * s) for s in (8, 16)]
