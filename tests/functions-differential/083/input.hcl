a0 = convert(1, optional(string))
