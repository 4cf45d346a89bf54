a0 = chunklist(["a"], -1)
