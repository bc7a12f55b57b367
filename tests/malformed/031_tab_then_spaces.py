# expect error: TabError: inconsistent use of tabs and spaces in indentation @4:1
if x:
	if y:
        pass
