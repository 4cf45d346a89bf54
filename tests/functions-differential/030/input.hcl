a0 = regex("x", "abc")
