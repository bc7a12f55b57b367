# Numbers and strings in every form the lexer knows.
n = 0, 00, 7, 1_000, 0x1F, 0XfF, 0o17, 0b1010, 0B1_1, 9223372036854775807
f = 1.5, 1., .5, 1e10, 1E-3, 1.5e+3, 1_0.0_1, 0e0, 3.14j, 99999999999999999999
s = 'a', "b", '''c''', """d""", r'\n', R"\d", u'u', b'bytes', rb'\x', Br'y'
t = f'{x}', F"{y!r}", rf'{z}\n', fR'{w}', '', "", 'it\'s', "say \"hi\""
m = """first
second""" 'é日本' "\N{EM DASH}"
