a0 = formatdate("DD", "2018-01-02T25:00:00Z")
