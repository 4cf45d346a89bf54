a0 = format("%s", null)
