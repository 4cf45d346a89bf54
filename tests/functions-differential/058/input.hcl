a0 = index({a = 1}, "b")
