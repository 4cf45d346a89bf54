a = yamldecode("a:\n\t- 1")
