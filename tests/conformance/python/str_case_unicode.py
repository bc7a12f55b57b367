# Log and table helpers that normalise labels: str's case methods and
# character classes follow CPython's Unicode rules, not just ASCII's.
labels = ["Flash attention", "straße", "ΟΔΥΣΣΕΥΣ", "Привет", "déjà vu", "they're", "x²", "½", "123"]
for label in labels:
    print(label.upper(), label.lower(), label.title(), label.swapcase(), label.casefold())
# expect: FLASH ATTENTION flash attention Flash Attention fLASH ATTENTION flash attention
# expect: STRASSE straße Straße STRASSE strasse
# expect: ΟΔΥΣΣΕΥΣ οδυσσευς Οδυσσευς οδυσσευς οδυσσευσ
# expect: ПРИВЕТ привет Привет пРИВЕТ привет
# expect: DÉJÀ VU déjà vu Déjà Vu DÉJÀ VU déjà vu
# expect: THEY'RE they're They'Re THEY'RE they're
# expect: X² x² X² X² x²
# expect: ½ ½ ½ ½ ½
# expect: 123 123 123 123 123
for label in labels:
    print(label.isupper(), label.islower(), label.istitle(), label.isalpha(), label.isalnum(),
          label.isdigit(), label.isdecimal(), label.isnumeric(), label.isascii(), label.isprintable())
# expect: False False False False False False False False True True
# expect: False True False True True False False False False True
# expect: True False False True True False False False False True
# expect: False False True True True False False False False True
# expect: False True False False False False False False False True
# expect: False True False False False False False False True True
# expect: False True False False True False False False False True
# expect: False False False False True False False True False True
# expect: False False False False True True True True True True
print("ABC1".isupper(), "".isupper(), "Ab Cd".istitle(), "ab Cd".istitle(), "\xa0".isspace(), "".isascii())
# expect: True False True False True True
print(repr("tab\there\xa0nbsp\u200bzw"), ascii("μs per step"), "ß".capitalize(), "İ".lower() == "i\u0307")
# expect: 'tab\there\xa0nbsp\u200bzw' '\u03bcs per step' Ss True
try:
    "bm".upper(8)
except TypeError as e:
    print("TypeError:", e)
# expect: TypeError: str.upper() takes no arguments (1 given)
