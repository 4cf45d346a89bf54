a0 = can()
