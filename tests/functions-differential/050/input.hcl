a0 = parseint("", 10)
