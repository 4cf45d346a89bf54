a0 = parseint(12, 10)
