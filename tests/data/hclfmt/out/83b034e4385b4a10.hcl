a = index(["a", "b", "c"], 1)
b = index(convert({ x = "1", y = "2" }, map(string)), "y")
c = index([[1, 2]], 0)
