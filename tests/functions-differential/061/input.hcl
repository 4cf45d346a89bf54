a0 = merge([1])
