a0 = index([1], 5)
