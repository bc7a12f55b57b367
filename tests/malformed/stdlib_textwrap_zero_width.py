# expect error: ValueError: invalid width 0 (must be > 0) @3:8
import textwrap
text = textwrap.fill("block spec", width=0)
