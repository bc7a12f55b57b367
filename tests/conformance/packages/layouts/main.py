# A folder without __init__.py is a namespace package, as in CPython.
import tiles.sublanes
from tiles import sublanes as sl

print(tiles.sublanes.rows_per_tile(2), sl.rows_per_tile(1))  # expect: 16 32
print(tiles.__name__, sl.__name__)  # expect: tiles tiles.sublanes
print(tiles.__file__)  # expect: None
