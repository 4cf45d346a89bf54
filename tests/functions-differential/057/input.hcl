a0 = element(["a", "b"], 1.5)
