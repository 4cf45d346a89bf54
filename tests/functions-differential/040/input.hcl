a0 = yamldecode("a: !foo x")
