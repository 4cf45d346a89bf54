a = format("%v %v %v", [1, "a"], { b = true }, null)
b = format("%#v", { b = [1, true] })
c = format("%#v", "str")
d = format("%v", 42)
