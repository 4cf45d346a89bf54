a0 = keys(["x"])
