# ÿ cafÃ©
a = 1
