a0 = slice(["a"], 1, 0)
