a0 = formatdate("YYY", "2018-01-02T10:00:00Z")
