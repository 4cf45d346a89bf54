a = regex("a{1001}", "a")
