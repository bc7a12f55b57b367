# Precedence, displays, comprehensions, slices, lambdas and f-strings.
r = -2 ** 2, 2 ** -1, not a == b, a or b and c, a | b ^ c & d << 1 + 2 * 3
r = a < b <= c != d, a not in b, a is not None, x if y else z if w else v
r = a @ b @ c, ~a, +a, -a, a // b % c, (a + b) * c, 2 ** 3 ** 2
r = x[:, None, ::2], x[..., 0], x[1:2, ::-1], x[::], x[a, b], x[(a, b)], x[i,]
r = [1, *a], (1,), (), {}, {1, *s}, {'k': 1, **m}, [[]], ((1, 2),)
r = [i * j for i in range(3) if i for j in range(i) if j if i != j]
r = {k: v for k, v in d.items()}, {s for s in t}, sum(i for i in u)
r = (x for x in y), list(x for x in y), f(*args, **kwargs), f(a, k=1, *b, **c)
r = lambda: 0, lambda a, /, b=1, *c, d, e=2, **f: a, lambda *a, **k: k
r = f"{x!r:>{w}.{p}f} {{literal}} {y=} {z = !s} {a['k']} {b:%H:%M}"
r = f'{1 + 1}' "plain" rf'\d{x}' '\x41\u00e9\N{EM DASH}\t' r'\n'
r = """triple
"quoted" {x}""", f'''{
  x
}'''
r = "%d items" % n, "{} {}".format(a, b), 0x1F, 0o17, 0b101, 1_000, 1.5e-3, .5, 1., 1e10
r = f(x)(y)[z].w.v(), a.b.c[d](e), None, True, False, ...
