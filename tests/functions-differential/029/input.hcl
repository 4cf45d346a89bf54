a0 = formatlist("%s", ["a"], ["b", "c"])
