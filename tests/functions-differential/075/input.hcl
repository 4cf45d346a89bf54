a0 = length({a = 1})
