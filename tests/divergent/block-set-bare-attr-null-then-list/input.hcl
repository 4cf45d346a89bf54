b {
  x = null
}
b {
  x = [1]
}
