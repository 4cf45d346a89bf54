a0 = reverse(["a"])
