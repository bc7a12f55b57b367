# Run as a module of its package (python -m app.main), so its relative
# imports resolve against __package__.
from . import VERSION  # expect: app package initialised
from .ops import shapes
from .ops.shapes import padded

print(__name__, __package__)  # expect: __main__ app
print(VERSION, padded(130, 128), padded(256, 128))  # expect: 0.3 256 256
print(shapes.describe())  # expect: shapes from app 0.3
print(shapes.__name__, shapes.__package__)  # expect: app.ops.shapes app.ops
from ... import nothing  # expect error: ImportError: attempted relative import beyond top-level package
