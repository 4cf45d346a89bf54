a0 = coalescelist()
