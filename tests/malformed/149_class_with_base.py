# expect error: IndentationError: expected an indented block after class definition on line 2 @3:1
class Config(object):
block = 128
