a0 = format("%s %s", "a")
