a = setunion([{ a = 1 }], [{ a = 2 }], [{ a = 10 }])
b = setunion([[2], [1]], [[10]])
c = setunion([null], ["a"])
