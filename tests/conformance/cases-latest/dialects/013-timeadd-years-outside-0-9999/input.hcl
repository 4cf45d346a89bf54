year_10000    = timeadd("9999-12-31T23:59:59Z", "1s")
negative_year = timeadd("0000-01-01T00:00:00Z", "-17520h")
