a0 = yamldecode("a: 1\n---\nb: 2")
