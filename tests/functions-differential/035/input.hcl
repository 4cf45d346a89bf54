a0 = csvdecode("a\nx\"y\n")
