# expect error: SyntaxError: 'yield' outside function @3:5
class Config:
    yield 128
