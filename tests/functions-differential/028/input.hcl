a0 = format("%")
