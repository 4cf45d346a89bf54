a0 = yamldecode("")
