a0 = format("%%|%c", 1)
