# expect error: SyntaxError: invalid character '€' (U+20AC) @2:10
price = 5€
