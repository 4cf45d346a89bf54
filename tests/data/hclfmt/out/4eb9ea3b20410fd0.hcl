v = convert({ k1 = { a = 1 }, k2 = { a = null } }, map(object({ a = number })))
