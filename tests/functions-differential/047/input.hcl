a0 = parseint("-0x1F", 16)
