a0 = formatdate("DD", "2018-02-30T10:00:00Z")
