a = regex("(?P<é>a)", "a")
