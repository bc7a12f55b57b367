# textwrap: dedent, indent, wrap and fill for kernel reports.
import textwrap
doc = """
    Pallas kernel:
      grid = (4, 4)
    done
"""
print(textwrap.dedent(doc))
print(repr(textwrap.dedent("  a\n    b\n  \n  c")))
print(textwrap.indent("line one\n\nline two\n", "> "), end="")
print(textwrap.indent("a\nb", "+ ", lambda line: line.startswith("b")))
text = "The block-size sweep tried every configuration that divides the problem, and the fastest one used a 128 by 256 tile on the chip."
print(textwrap.wrap(text, width=30))
print(textwrap.fill(text, width=40))
print(textwrap.fill(text, width=50, initial_indent="* ", subsequent_indent="  "))
print(textwrap.wrap("supercalifragilistic word", 8))
print(textwrap.wrap("supercalifragilistic word", 8, break_long_words=False))
print(textwrap.wrap("well-known hyphenated-words wrap", 12))
print(textwrap.wrap("  leading   spaces  kept  ", 10), textwrap.wrap(""), textwrap.wrap("a\tb\nc", 20))
textwrap.fill("a b", width=0)  # expect error: ValueError: invalid width 0 (must be > 0)
# expect: 
# expect: Pallas kernel:
# expect:   grid = (4, 4)
# expect: done
# expect: 
# expect: 'a\n  b\n\nc'
# expect: > line one
# expect: 
# expect: > line two
# expect: a
# expect: + b
# expect: ['The block-size sweep tried', 'every configuration that', 'divides the problem, and the', 'fastest one used a 128 by 256', 'tile on the chip.']
# expect: The block-size sweep tried every
# expect: configuration that divides the problem,
# expect: and the fastest one used a 128 by 256
# expect: tile on the chip.
# expect: * The block-size sweep tried every configuration
# expect:   that divides the problem, and the fastest one
# expect:   used a 128 by 256 tile on the chip.
# expect: ['supercal', 'ifragili', 'stic', 'word']
# expect: ['supercalifragilistic', 'word']
# expect: ['well-known', 'hyphenated-', 'words wrap']
# expect: ['  leading', 'spaces', 'kept'] [] ['a       b c']
