a0 = min()
