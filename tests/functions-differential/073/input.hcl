a0 = setproduct(["a"])
