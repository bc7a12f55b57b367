# expect error: SyntaxError: (unicode error) 'unicodeescape' codec can't decode bytes in position 2-5: truncated \uXXXX escape @2:13
s = "ab\u12"
