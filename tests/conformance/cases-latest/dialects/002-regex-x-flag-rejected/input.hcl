a = regex("(?x)a b", "ab")
