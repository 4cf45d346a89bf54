a0 = regex("[", "a")
