a = {
  x = 1
  y = "two"
}
b = [1,
  2]
