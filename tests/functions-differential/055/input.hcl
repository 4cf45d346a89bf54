a0 = element([], 0)
