a0 = lookup(["x"], "0", 1)
