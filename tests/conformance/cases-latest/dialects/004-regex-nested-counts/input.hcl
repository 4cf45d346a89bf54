a = regex("a{2}{3}", "aaaaaa")
