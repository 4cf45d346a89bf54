a0 = format("%!")
