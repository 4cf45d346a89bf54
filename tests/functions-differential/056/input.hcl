a0 = element(["a"], -1)
