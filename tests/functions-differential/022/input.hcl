a0 = format("%d", 1.5)
