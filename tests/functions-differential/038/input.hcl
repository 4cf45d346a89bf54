a0 = yamldecode("? [a]\n: b")
