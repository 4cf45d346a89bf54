a0 = tostring([1])
