a0 = flatten("x")
