a0 = csvdecode("")
