a = lookup({ a = 1, b = 2 }, "b", 0)
b = lookup({ a = "x" }, "z", "default")
c = lookup(convert({ a = "1" }, map(string)), "a", "none")
d = lookup({ a = "x", b = 1 }, "z", true)
