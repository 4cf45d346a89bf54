a0 = formatdate("'", "2018-01-02T10:00:00Z")
