a0 = range(3, 1, 1)
