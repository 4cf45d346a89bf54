a0 = csvdecode("a\n\"x\"y\n")
