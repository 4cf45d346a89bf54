a = length({ a = 1 })
