# expect error: NotImplementedError: the \N{NOT A REAL NAME} escape is not supported by Rungs (it knows only a few common character names) @2:5
s = "\N{NOT A REAL NAME}"
