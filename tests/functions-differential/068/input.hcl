a0 = coalescelist(null, [])
