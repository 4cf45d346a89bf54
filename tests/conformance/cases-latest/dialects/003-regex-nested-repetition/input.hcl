a = regex("a**", "aa")
