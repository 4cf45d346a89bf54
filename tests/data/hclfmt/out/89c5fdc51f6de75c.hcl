item {
  nmae = "a"
}
item {
  name   = "b"
  colour = "red"
}
item {
  name   = "c"
  weigth = 3
}
