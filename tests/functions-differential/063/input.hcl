a0 = zipmap(["a"], [1, 2])
