a0 = convert("x", number)
