# expect error: SyntaxError: trailing comma not allowed without surrounding parentheses @2:23
from jax import numpy,
