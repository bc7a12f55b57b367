# The package re-exports its public kernel, as kernel libraries do.
from .scaled_add import scaled_add

__all__ = ["scaled_add"]
