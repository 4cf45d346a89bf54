a = yamldecode("a: 1\nb: \"x\\/y\"")
