SUBLANES = {4: 8, 2: 16, 1: 32}


def rows_per_tile(itemsize):
    return SUBLANES[itemsize]
