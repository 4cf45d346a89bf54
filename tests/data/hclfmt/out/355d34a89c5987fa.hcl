a = 1
/ * this comment
never ends
