# expect error: TabError: inconsistent use of tabs and spaces in indentation @4:1
if 1:
        a = 1
	b = 2
