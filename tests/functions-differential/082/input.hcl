a0 = convert(1, list(string, number))
