a = [{ s = null }, { s = "bar" }][*].s[*]
