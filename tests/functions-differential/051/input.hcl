a0 = parseint("1_000", 10)
