a0 = coalesce(null, null)
