a0 = concat()
