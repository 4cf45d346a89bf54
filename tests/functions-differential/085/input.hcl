a0 = try()
