v = convert([{ a = 1 }, { a = null }], list(object({ a = number })))
