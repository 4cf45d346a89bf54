items = [{ s = null }, { s = "bar" }]
