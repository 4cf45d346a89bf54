a = convert({ a = 1, b = "x" }, object({ a = number, b = optional(string) }))
b = convert({ x = ["1", 2] }, map(list(number)))
