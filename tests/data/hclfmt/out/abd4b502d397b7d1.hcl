a = lookup({ a = 1 }, "a")
