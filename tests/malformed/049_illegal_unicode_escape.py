# expect error: SyntaxError: (unicode error) 'unicodeescape' codec can't decode bytes in position 0-9: illegal Unicode character @2:17
s = "\U00110000"
