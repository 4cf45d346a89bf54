a0 = convert(1, foo)
