a0 = yamldecode("a: .nan")
