a0 = csvdecode("a,a\n1,2\n")
