a0 = tobool("yes")
