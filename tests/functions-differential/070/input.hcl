a0 = concat([1], {a = 1})
