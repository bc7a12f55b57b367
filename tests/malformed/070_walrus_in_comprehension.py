# expect error: SyntaxError: assignment expression cannot rebind comprehension iteration variable 'x' @2:8
ys = [(x := f(x)) for x in xs]
