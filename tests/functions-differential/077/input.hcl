a0 = tonumber(" 1")
