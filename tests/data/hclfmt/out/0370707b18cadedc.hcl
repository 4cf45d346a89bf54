a = convert([{ s = null }, { s = "bar" }], list(object({ s = string })))[*].s[*]
