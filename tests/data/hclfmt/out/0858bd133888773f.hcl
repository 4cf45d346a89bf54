a = concat([1], [2], { a = 1 })
