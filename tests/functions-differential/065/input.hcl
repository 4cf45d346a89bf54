a0 = coalesce()
