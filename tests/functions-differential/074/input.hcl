a0 = length("abc")
